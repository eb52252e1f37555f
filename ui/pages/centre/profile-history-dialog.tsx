// Personal centre > information: the history of the member's own profile
// (issue 31 item 4, see who changed what), opened from the page's "change
// history". A window to read, not a form: each change of a field, newest
// first, 20 a page (/user/property/history), with when (China time), the field,
// the value before and after, and who made it: the member, an import, or an
// officer named by their role, never by name.
import type { ItemOf } from "../../../src/domains/api";
import { unescapeAngles } from "../../../src/protocol/identity";
import { useSnapshot } from "valtio";
import { type Column, CardList } from "../../components/card-list";
import { Dialog } from "../../components/dialog";
import { type Translate, pick, useT } from "../../i18n";
import { formatChinaDateTime } from "../../lib/china-time";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { type Language, session } from "../../state/session";

type Change = ItemOf<"/user/property/history">;

const NO_FILTER = {};

/** Who made a change, in the page's language. */
function changedBy(t: Translate, language: Language, by: Change["by"]): string {
  if (by.kind === "self") return t("centre.info.history.self");
  if (by.kind === "import") return t("centre.info.history.import");
  return by.role ? pick(language, by.role.nameZh, by.role.nameEn) : t("centre.info.history.staff");
}

/** A value as the member typed or chose it (the profile keeps text with its angle brackets escaped); nothing is a dash. */
const valueText = (language: Language, value: Change["before"]) => unescapeAngles(pick(language, value.zh, value.en)) || "—";

export function ProfileHistoryDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const { list } = useFilteredPages("/user/property/history", NO_FILTER, (_, index) => ({ index }));
  const columns: Column<Change>[] = [
    { key: "when", title: t("centre.info.history.when"), place: "aside", render: (c) => <span className="history-when">{c.date ? formatChinaDateTime(c.date) : "—"}</span> },
    { key: "item", title: t("centre.info.history.item"), place: "title", render: (c) => <span className="cell-name">{pick(language, c.property.zh, c.property.en)}</span> },
    {
      key: "change",
      title: t("centre.info.history.change"),
      wide: true,
      render: (c) => (
        <span className="history-change">
          <span className="history-before" data-testid="history-before">
            {valueText(language, c.before)}
          </span>
          <span className="history-arrow" aria-hidden="true">
            →
          </span>
          <span className="visually-hidden">{t("centre.info.history.changedTo")}</span>
          <span className="history-after" data-testid="history-after">
            {valueText(language, c.after)}
          </span>
        </span>
      ),
    },
    { key: "by", title: t("centre.info.history.by"), render: (c) => <span data-testid="history-by">{changedBy(t, language, c.by)}</span> },
  ];
  return (
    <Dialog title={t("centre.info.history.title")} onClose={onClose} width={760}>
      <p className="field-hint history-intro">{t("centre.info.history.intro")}</p>
      <CardList {...list} columns={columns} rowKey={(c) => c.id} label={t("centre.info.history.caption")} empty={t("centre.info.history.empty")} itemTestId="history-row" />
    </Dialog>
  );
}
