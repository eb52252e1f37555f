// The detail's paged records: a member's points with the balance
// (/user/operation/integral/list, FUNCTION_INTEGRAL_OPERATION) and family
// (/family/list, FUNCTION_USER_FIND_FAMILY), its identity numbers and phones
// masked, each with its audited Show (issue 31 item 4).
import { formatChinaDateTime } from "../../lib/china-time";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../src/domains/api";
import { POINTS_PAGE_SIZE } from "../../../src/protocol/limits";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { type Column, CardList } from "../../components/card-list";
import { Dialog } from "../../components/dialog";
import { MaskedValue } from "../../components/masked-value";
import { pick, useT } from "../../i18n";
import { formatPoints } from "../../lib/format";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { session } from "../../state/session";
import { useTypeName } from "../centre/order-detail-window";

type Point = ItemOf<"/user/operation/integral/list">;
type Family = ItemOf<"/family/list">;
const NO_FILTER = {};

export function PointsDialog({ user, onClose }: { user: number; onClose: () => void }) {
  const t = useT();
  const typeName = useTypeName();
  const { list, page } = useFilteredPages("/user/operation/integral/list", NO_FILTER, (_, index) => ({ user, index }));
  const columns: Column<Point>[] = [
    { key: "count", title: t("members.pointsColumns.count"), place: "title", align: "right", render: (p) => <span className="mono">{formatPoints(p.count, true)}</span> },
    { key: "type", title: t("members.pointsColumns.type"), place: "aside", render: (p) => typeName(p.type.id) },
    { key: "date", title: t("members.pointsColumns.date"), render: (p) => formatChinaDateTime(p.date, true) },
    { key: "expiry", title: t("members.pointsColumns.expiry"), render: (p) => (p.expiry ? formatChinaDateTime(p.expiry) : "—") },
    { key: "desc", title: t("members.pointsColumns.desc"), wide: true, render: (p) => p.desc },
  ];
  return (
    <Dialog title={t("members.pointsTitle")} onClose={onClose} width={760}>
      <p className="member-balance" data-testid="member-balance">
        {page ? t("members.balance", { balance: formatPoints(page.balance) }) : t("common.loading")}
      </p>
      <CardList {...list} columns={columns} rows={POINTS_PAGE_SIZE} rowKey={(p) => p.id} label={t("members.pointsCaption")} empty={t("members.pointsEmpty")} />
    </Dialog>
  );
}

export function FamilyDialog({ user, onClose }: { user: number; onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [rows, setRows] = useState<Family[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void api.call("/family/list", { user }).then((answer) => {
      setFailed(!isSuccess(answer));
      if (isSuccess(answer) && answer.list) setRows(answer.list);
    });
  }, [user, attempt]);
  const columns: Column<Family>[] = [
    { key: "name", title: t("members.familyColumns.name"), place: "title", render: (f) => f.name },
    { key: "relation", title: t("members.familyColumns.relation"), place: "aside", render: (f) => pick(language, f.relation.nameZh, f.relation.nameEn) },
    { key: "birthday", title: t("members.familyColumns.birthday"), render: (f) => f.birthday ?? "—" },
    {
      key: "phone",
      title: t("members.familyColumns.phone"),
      render: (f) =>
        f.phone ? (
          <MaskedValue
            key={f.phone}
            masked={f.phone}
            target={{ user, field: "family.phone", id: f.id }}
            label={{ show: t("members.reveal.familyPhone.show", { name: f.name }), hide: t("members.reveal.familyPhone.hide", { name: f.name }) }}
            testId="family-phone"
          />
        ) : (
          "—"
        ),
    },
    {
      key: "identity",
      title: t("members.familyColumns.identity"),
      // 18 characters and the button: the whole width of a phone's card, not half.
      wide: true,
      render: (f) => (
        <MaskedValue
          key={f.identity}
          masked={f.identity}
          target={{ user, field: "family.identity", id: f.id }}
          label={{ show: t("members.reveal.familyIdentity.show", { name: f.name }), hide: t("members.reveal.familyIdentity.hide", { name: f.name }) }}
          testId="family-identity"
        />
      ),
    },
  ];
  return (
    <Dialog title={t("members.familyTitle")} onClose={onClose} width={820}>
      <CardList list={rows} failed={failed} onRetry={() => setAttempt((n) => n + 1)} columns={columns} rowKey={(f) => f.id} label={t("members.familyCaption")} empty={t("members.familyEmpty")} />
    </Dialog>
  );
}
