// A bank's detail (spec 3 section 2.2): its questions in a table (edit,
// delete), add a question, and clear the bank (its preview activities' links
// and its questions, so that it can be deleted).
import { useState } from "react";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../../src/domains/api";
import { unescapeAngles } from "../../../../src/protocol/identity";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { type Column, CardList } from "../../../components/card-list";
import { Dialog } from "../../../components/dialog";
import { confirm, showMessage } from "../../../components/message-box";
import { pick, resultText, useT } from "../../../i18n";
import { session } from "../../../state/session";
import { useLoader } from "../../../lib/use-loaded";
import { useTypeName } from "../../centre/order-detail-window";
import { QuestionForm } from "./question-form";
import type { Bank, BankQuestion } from "./question-model";

export function BankQuestions({ bank, onClose }: { bank: Bank; onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const typeName = useTypeName();
  const [editing, setEditing] = useState<{ question: BankQuestion | null } | null>(null);
  const loaded = useLoader(
    async (alive) => {
      const a = await api.call("/activity/stock/queries", { id: bank.id });
      if (isSuccess(a) && a.list) return a as AnswerOf<"/activity/stock/queries">;
      if (!alive()) return false;
      const missing = a.message?.code === "ERROR_RESULT_NULL";
      // Said over the list's failure; a bank deleted meanwhile closes the window once read.
      void showMessage(missing ? t("editor.banks.bankMissing") : resultText(t, a.message)).then(() => missing && onClose());
      return false;
    },
    [],
    { keep: true },
  );
  const answer = loaded.value || null;
  const failed = loaded.value === false;
  const reload = loaded.reload;

  const remove = async (q: BankQuestion) => {
    if (!(await confirm(t("editor.banks.confirmDeleteQuestion"), { ok: t("editor.banks.delete") }))) return;
    const a = await api.call("/activity/stock/query/delete", { query: q.id });
    const code = a.message?.code;
    const reason = a.message?.params?.reason;
    await showMessage(
      isSuccess(a)
        ? t("editor.banks.deleted")
        : code === "ERROR_DATA_USED"
          ? t(reason === "dependent" ? "editor.banks.questionFollowed" : "editor.banks.questionInUse")
          : code === "ERROR_RESULT_NULL"
            ? t("editor.banks.questionGone")
            : resultText(t, a.message),
    );
    reload();
  };

  const clear = async () => {
    if (!(await confirm(t("editor.banks.confirmClear"), { ok: t("editor.banks.clear") }))) return;
    const a = await api.call("/activity/stock/clear", { id: bank.id });
    await showMessage(
      isSuccess(a)
        ? t("editor.banks.cleared", { activities: a.activities ?? 0, questions: a.questions ?? 0 })
        : a.message?.code === "ERROR_DATA_USED"
          ? t("editor.banks.clearPublished")
          : resultText(t, a.message),
    );
    reload();
  };

  const title = (q: BankQuestion) => unescapeAngles(pick(language, q.titleZh, q.titleEn)) || t("editor.banks.imageOnly");
  const columns: Column<BankQuestion>[] = [
    { key: "index", title: t("editor.banks.index"), align: "right", render: (q) => <span className="mono">{(answer?.list.indexOf(q) ?? 0) + 1}</span> },
    {
      key: "title",
      title: t("editor.banks.question"),
      place: "title",
      render: (q) => (
        <span className="bank-question-title">
          {q.image ? <img src={q.image} alt="" className="bank-question-thumb" /> : null}
          <span className="cell-name">{title(q)}</span>
        </span>
      ),
    },
    { key: "type", title: t("editor.banks.type"), render: (q) => typeName(q.type.id) },
    { key: "must", title: t("editor.banks.must"), render: (q) => t(q.isMust ? "editor.banks.yes" : "editor.banks.no") },
    { key: "options", title: t("editor.banks.options"), align: "right", render: (q) => <span className="mono">{q.options.length}</span> },
    { key: "used", title: t("editor.banks.used"), place: "aside", render: (q) => <span className={`bank-mark${q.used ? " is-used" : ""}`}>{t(q.used ? "editor.banks.inUse" : "editor.banks.notUsed")}</span> },
    {
      key: "actions",
      title: t("editor.banks.actions"),
      wide: true,
      render: (q) => (
        <span className="row-actions">
          <button type="button" className="link-button" onClick={() => setEditing({ question: q })} data-testid="question-edit">
            {t("editor.banks.edit")}
          </button>
          <button type="button" className="link-button link-danger" onClick={() => void remove(q)} data-testid="question-delete">
            {t("editor.banks.delete")}
          </button>
        </span>
      ),
    },
  ];

  const stock = answer?.stock ?? bank;
  return (
    <Dialog title={t("editor.banks.detailTitle", { name: unescapeAngles(stock.name) })} onClose={onClose} width={900}>
      <div className="bank-detail" data-testid="bank-detail">
        <div className="bank-detail-head">
          <p className="muted">
            {t("editor.banks.detailSummary", { count: stock.count })}
            {stock.used ? ` · ${t("editor.banks.bankUsedNote")}` : ""}
          </p>
          <div className="bank-detail-actions">
            {stock.count > 0 || stock.used ? (
              <button type="button" className="button button-quiet button-danger-quiet" onClick={() => void clear()} data-testid="bank-clear">
                {t("editor.banks.clear")}
              </button>
            ) : null}
            <button type="button" className="button button-primary" onClick={() => setEditing({ question: null })} data-testid="question-new">
              {t("editor.banks.addQuestion")}
            </button>
          </div>
        </div>
        <CardList
          list={answer?.list ?? null}
          failed={failed}
          onRetry={reload}
          columns={columns}
          rowKey={(q) => q.id}
          label={t("editor.banks.questionsCaption")}
          empty={t("editor.banks.noQuestions")}
          itemTestId="question-row"
        />
      </div>
      {editing && answer ? (
        <QuestionForm
          bankId={bank.id}
          question={editing.question}
          questions={answer.list}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </Dialog>
  );
}
