// The two order imports (spec 3 sections 2.1, 4.3 and 8): choose an xlsx,
// upload it, read what happened to each row; then OK downloads the feedback
// table and Cancel deletes it on the server, and either way the sign-up
// results open afresh (their filters reset) to show the orders as they are now.
import { type FormEvent, useId, useState } from "react";
import type { AnswerOf } from "../../../../src/domains/api";
import type { Message } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { type Column, CardList } from "../../../components/card-list";
import { Dialog } from "../../../components/dialog";
import { showMessage } from "../../../components/message-box";
import { resultText, useT } from "../../../i18n";
import type { Activity } from "../activity-model";
import OrderSearchWindow from "./order-search-window";

type Kind = "express" | "shipped";
type Outcome = AnswerOf<"/order/import/express">;
type Verdict = Outcome["list"][number];
type Props = { activity: Activity; onClose: () => void; onChanged: () => void };

const PATHS = { express: "/order/import/express", shipped: "/order/import/close/update" } as const;
/** The feedback table's page: a courier file may hold thousands of rows. */
const FEEDBACK_PAGE = 20;

/** A refusal of the whole file, in the spec's words (spec 3 section 8). */
function fileRefusal(t: ReturnType<typeof useT>, message: Message): string {
  const p = message.params ?? {};
  if (message.code !== "ERROR_PARAMS") return resultText(t, message);
  if (p.reason === "type") return t("editor.orderAdmin.import.wrongType");
  if (p.reason === "size") return t("editor.orderAdmin.import.tooBig");
  if (p.reason === "rows" && !("refused" in p)) return t("editor.orderAdmin.import.tooManyRows", { max: Number(p.max) });
  if (p.reason === "empty") return t("editor.orderAdmin.import.empty");
  if (p.reason === "columns") return t("editor.orderAdmin.import.missing", { columns: ((p.missing as string[]) ?? []).map((c) => t(`editor.orderAdmin.import.columnNames.${c}`)).join(t("editor.orderAdmin.import.listJoin")) });
  return resultText(t, message);
}

// Parcels and send states are not the activity's: the page has nothing to read again (no onChanged).
function ImportWindow({ kind, activity, onClose }: Props & { kind: Kind }) {
  const t = useT();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<{ message: Message; count: number; key: string; list: Verdict[] } | null>(null);
  const [index, setIndex] = useState(1);
  const [done, setDone] = useState(false);

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return showMessage(t("editor.orderAdmin.import.chooseFirst"));
    const answer = kind === "express" ? await api.upload(PATHS.express, file, file.name) : await api.upload(PATHS.shipped, file, file.name);
    if (!answer.key || !answer.list) return showMessage(answer.message?.code === "ERROR_PARAMS" && answer.message.params?.reason === "type" ? t("editor.orderAdmin.import.wrongType") : fileRefusal(t, answer.message));
    setOutcome({ message: answer.message, count: answer.count ?? 0, key: answer.key, list: answer.list });
    setIndex(1);
  };

  const finish = async (keep: boolean) => {
    if (!outcome) return onClose();
    const answer = keep ? await api.download("/order/import/log", { kind, log: outcome.key }) : await api.call("/order/import/log/clear", { kind, log: outcome.key });
    if (answer.message.code !== "SUCCESS" && answer.message.code !== "ERROR_RESULT_NULL") await showMessage(resultText(t, answer.message));
    setDone(true);
  };

  // Spec 3 section 4.3: the list is then refreshed with its filters reset.
  if (done) return <OrderSearchWindow activity={activity} onClose={onClose} />;

  const refused = outcome?.message.code !== "SUCCESS";
  const summary = !outcome
    ? null
    : refused
      ? t("editor.orderAdmin.import.refused", { refused: Number(outcome.message.params?.refused ?? 0) })
      : outcome.count
        ? t("editor.orderAdmin.import.imported", { count: outcome.count, rows: outcome.list.length })
        : t("editor.orderAdmin.import.unchanged", { rows: outcome.list.length });
  const verdictText = (v: Verdict) => t(`editor.orderAdmin.import.verdicts.${v.verdict === "apply" && !refused ? "applied" : v.verdict}`);
  const columns: Column<Verdict>[] = [
    { key: "row", title: t("editor.orderAdmin.import.row"), render: (v) => v.row },
    { key: "content", title: t("editor.orderAdmin.import.content"), place: "title", render: (v) => <span className="import-cells">{v.cells.filter((c) => c).slice(0, 3).join(" · ")}</span> },
    { key: "verdict", title: t("editor.orderAdmin.import.verdict"), place: "aside", render: (v) => <span className={`import-verdict import-${v.verdict}`}>{verdictText(v)}</span> },
    { key: "reason", title: t("editor.orderAdmin.import.reason"), wide: true, render: (v) => (v.reason ? t(`editor.orderAdmin.reasons.${v.reason}`) : "") },
  ];
  const max = outcome ? Math.max(1, Math.ceil(outcome.list.length / FEEDBACK_PAGE)) : 1;
  const shown = outcome ? outcome.list.slice((index - 1) * FEEDBACK_PAGE, index * FEEDBACK_PAGE) : null;
  const title = t(kind === "express" ? "editor.orderAdmin.import.expressTitle" : "editor.orderAdmin.import.shippedTitle");

  return (
    <Dialog
      title={title}
      onClose={() => void finish(false)}
      width={outcome ? 860 : 560}
      footer={
        outcome ? (
          <>
            <button type="button" className="button button-quiet" onClick={() => void finish(false)} data-testid="import-cancel">
              {t("editor.orderAdmin.import.cancel")}
            </button>
            <button type="button" className="button button-primary" onClick={() => void finish(true)} data-testid="import-confirm">
              {t("editor.orderAdmin.import.confirm")}
            </button>
          </>
        ) : null
      }
    >
      <div className="order-import" data-testid={`import-${kind}-window`}>
        <p className="order-import-intro">{t(kind === "express" ? "editor.orderAdmin.import.expressIntro" : "editor.orderAdmin.import.shippedIntro")}</p>
        {kind === "express" ? (
          <button type="button" className="link-button" onClick={() => void api.download("/order/activity/export", { id: String(activity.id), express: "1" }).then((a) => (a.message.code === "SUCCESS" ? undefined : showMessage(resultText(t, a.message))))}>
            {t("editor.orderAdmin.import.template")}
          </button>
        ) : null}
        {outcome ? null : (
          <form className="order-import-form" onSubmit={(e) => void upload(e)}>
            <label className="button button-quiet file-button" htmlFor={inputId}>
              {t("editor.orderAdmin.import.file")}
            </label>
            <input
              id={inputId}
              className="visually-hidden"
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              data-testid="import-file"
            />
            <span className="order-import-name" aria-live="polite">
              {file?.name ?? t("editor.orderAdmin.import.noFile")}
            </span>
            <button type="submit" className="button button-primary" disabled={!file} data-testid="import-upload">
              {t("editor.orderAdmin.import.upload")}
            </button>
          </form>
        )}
        {outcome ? (
          <>
            <p className={refused ? "order-import-summary is-refused" : "order-import-summary"} role="status" data-testid="import-summary">
              {summary}
            </p>
            <CardList
              list={shown}
              failed={false}
              onRetry={() => undefined}
              columns={columns}
              rowKey={(v) => v.row}
              label={t("editor.orderAdmin.import.feedback")}
              empty={t("editor.orderAdmin.import.empty")}
              itemTestId="import-row"
              paging={{ index, max, count: outcome.list.length, onChange: (n) => setIndex(Math.min(Math.max(1, n), max)) }}
            />
          </>
        ) : null}
      </div>
    </Dialog>
  );
}

export const ImportExpressWindow = (props: Props) => <ImportWindow kind="express" {...props} />;
export const ImportShippedWindow = (props: Props) => <ImportWindow kind="shipped" {...props} />;
