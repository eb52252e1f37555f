// The activity's waiting list as staff with the orders' power read it (issue
// 20): how many wait and how many offers hold a place, then the offers and
// the line in its order, each with the member, since when, and an offer's
// end, both in China time as the member's offer says it. Read only: the
// line moves by itself as places free and offers end.
import { useState } from "react";
import { useSnapshot } from "valtio";
import type { AnswerOf, ItemOf } from "../../../../src/domains/api";
import { WAITLIST_STAFF_LIMIT } from "../../../../src/protocol/limits";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { type Column, CardList } from "../../../components/card-list";
import { Dialog } from "../../../components/dialog";
import { pick, useT } from "../../../i18n";
import { formatChinaDateTime } from "../../../lib/china-time";
import { useLoaded } from "../../../lib/use-loaded";
import { session } from "../../../state/session";
import type { ToolWindowProps } from "./tool-types";

type Line = AnswerOf<"/waitlist/activity">;
type Entry = ItemOf<"/waitlist/activity">;

export default function WaitlistWindow({ activity, onClose }: ToolWindowProps) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [attempt, setAttempt] = useState(0);
  // false: the call failed (the list says so, with a retry).
  const loaded = useLoaded<Line>(async () => {
    const answer = await api.call("/waitlist/activity", { activity: activity.id });
    return isSuccess(answer) ? (answer as Line) : false;
  }, [activity.id, attempt]);

  const columns: Column<Entry>[] = [
    {
      key: "place",
      title: t("editor.waitlistLine.place"),
      place: "aside",
      render: (e) =>
        e.state === "offered" ? <span className="state-tag state-wait">{t("editor.waitlistLine.held")}</span> : t("editor.waitlistLine.position", { position: e.position ?? 0 }),
    },
    { key: "name", title: t("editor.waitlistLine.name"), place: "title", render: (e) => e.user.name ?? e.user.employees ?? "—" },
    { key: "employees", title: t("editor.waitlistLine.employees"), render: (e) => <span className="mono">{e.user.employees ?? "—"}</span> },
    { key: "phone", title: t("editor.waitlistLine.phone"), render: (e) => e.user.phone || "—" },
    { key: "joined", title: t("editor.waitlistLine.joined"), render: (e) => <span className="cell-date">{formatChinaDateTime(e.joined)}</span> },
    { key: "until", title: t("editor.waitlistLine.until"), render: (e) => <span className="cell-date">{e.expires ? formatChinaDateTime(e.expires) : "—"}</span> },
  ];

  return (
    <Dialog title={t("editor.waitlistLine.title", { name: pick(language, activity.nameZh, activity.nameEn) })} onClose={onClose} width={960}>
      <div data-testid="waitlist-window">
        {loaded ? (
          <p className="summary-note" data-testid="waitlist-summary">
            {loaded.enabled ? t("editor.waitlistLine.summary", { waiting: loaded.waiting, offered: loaded.offered }) : t("editor.waitlistLine.off")}
            {loaded.waiting + loaded.offered > WAITLIST_STAFF_LIMIT ? ` ${t("editor.waitlistLine.more", { limit: WAITLIST_STAFF_LIMIT })}` : ""}
          </p>
        ) : null}
        <CardList
          list={loaded ? loaded.list : null}
          failed={loaded === false}
          onRetry={() => setAttempt((n) => n + 1)}
          columns={columns}
          rowKey={(e) => e.id}
          label={t("editor.waitlistLine.caption")}
          empty={t("editor.waitlistLine.empty")}
          itemTestId="waitlist-row"
        />
      </div>
    </Dialog>
  );
}
