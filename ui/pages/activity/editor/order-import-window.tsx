// The two order imports (spec 3 sections 2.1, 4.3 and 8): choose an xlsx,
// upload it, read what happened to each row; then OK downloads the feedback
// table and Cancel deletes it on the server, and either way the sign-up
// results open afresh (their filters reset) to show the orders as they are now.
import { useState } from "react";
import type { AnswerOf } from "../../../../src/domains/api";
import type { Message } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { Dialog } from "../../../components/dialog";
import { ImportFeedback, ImportFileForm, ImportFinishButtons } from "../../../components/import-feedback";
import { showMessage } from "../../../components/message-box";
import { dataKey, joinList, resultText, useT } from "../../../i18n";
import { session } from "../../../state/session";
import type { Activity } from "../activity-model";
import OrderSearchWindow from "./order-search-window";

type Kind = "express" | "shipped";
type Outcome = AnswerOf<"/order/import/express">;
type Props = { activity: Activity; onClose: () => void; onChanged: () => void };

/** The i18n area of the window's texts. */
const TEXTS = "editor.orderAdmin.import";
const PATHS = { express: "/order/import/express", shipped: "/order/import/close/update" } as const;

/** A refusal of the whole file, in the spec's words (spec 3 section 8). */
function fileRefusal(t: ReturnType<typeof useT>, message: Message): string {
  const p = message.params ?? {};
  if (message.code !== "ERROR_PARAMS") return resultText(t, message);
  if (p.reason === "type") return t("editor.orderAdmin.import.wrongType");
  if (p.reason === "size") return t("editor.orderAdmin.import.tooBig");
  if (p.reason === "rows" && !("refused" in p)) return t("editor.orderAdmin.import.tooManyRows", { max: Number(p.max) });
  if (p.reason === "empty") return t("editor.orderAdmin.import.empty");
  if (p.reason === "columns") return t("editor.orderAdmin.import.missing", { columns: joinList(session.language, ((p.missing as string[]) ?? []).map((c) => t(dataKey("editor.orderAdmin.import.columnNames", c)))) });
  return resultText(t, message);
}

// Parcels and send states are not the activity's: the page has nothing to read again (no onChanged).
function ImportWindow({ kind, activity, onClose }: Props & { kind: Kind }) {
  const t = useT();
  const [outcome, setOutcome] = useState<{ message: Message; count: number; key: string; list: Outcome["list"] } | null>(null);
  const [done, setDone] = useState(false);

  const upload = async (file: File | null) => {
    if (!file) return showMessage(t("editor.orderAdmin.import.chooseFirst"));
    const answer = kind === "express" ? await api.upload(PATHS.express, file, file.name) : await api.upload(PATHS.shipped, file, file.name);
    if (!answer.key || !answer.list) return showMessage(answer.message?.code === "ERROR_PARAMS" && answer.message.params?.reason === "type" ? t("editor.orderAdmin.import.wrongType") : fileRefusal(t, answer.message));
    setOutcome({ message: answer.message, count: answer.count ?? 0, key: answer.key, list: answer.list });
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
  const title = t(kind === "express" ? "editor.orderAdmin.import.expressTitle" : "editor.orderAdmin.import.shippedTitle");

  return (
    <Dialog
      title={title}
      onClose={() => void finish(false)}
      width={outcome ? 860 : 560}
      footer={
        outcome ? (
          <ImportFinishButtons texts={TEXTS} onFinish={(keep) => void finish(keep)} />
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
        {outcome ? (
          <ImportFeedback
            css="order-import"
            texts={TEXTS}
            summary={summary}
            refused={refused}
            list={outcome.list}
            empty={t("editor.orderAdmin.import.empty")}
            reasonText={(reason) => t(dataKey("editor.orderAdmin.reasons", reason))}
          />
        ) : (
          <ImportFileForm css="order-import" texts={TEXTS} onUpload={(file) => void upload(file)} />
        )}
      </div>
    </Dialog>
  );
}

export const ImportExpressWindow = (props: Props) => <ImportWindow kind="express" {...props} />;
export const ImportShippedWindow = (props: Props) => <ImportWindow kind="shipped" {...props} />;
