// The question bank manager (spec 3 section 2.2, FUNCTION_QUERY_EDIT): search
// by name, the table of banks with their question count and in-use mark,
// paged; new bank, rename, delete after a confirmation; and a bank's questions
// (./bank-questions.tsx). Opened from the activity page's editor tools.
import { useState } from "react";
import { cleanText, unescapeAngles } from "../../../../src/protocol/identity";
import { BANK_NAME_MAX } from "../../../../src/protocol/limits";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { type Column, CardList } from "../../../components/card-list";
import { Dialog } from "../../../components/dialog";
import { FilterBar } from "../../../components/filter-bar";
import { FormDialog, useFormDialog } from "../../../components/form-dialog";
import { confirm, showMessage } from "../../../components/message-box";
import { resultText, useT } from "../../../i18n";
import { useFilteredPages } from "../../../lib/use-filtered-pages";
import { BankQuestions } from "./bank-questions";
import type { Bank } from "./question-model";
import type { ToolWindowProps } from "./tool-types";

/** New bank (no bank) or rename; the name is required, at most 50 characters, and unique. */
function BankNameDialog({ bank, onClose, onSaved }: { bank: Bank | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const editor = useFormDialog({
    id: "bank",
    fields: ["name"] as const,
    initial: () => ({ name: bank ? unescapeAngles(bank.name) : "" }),
    validate: (form) => {
      const name = cleanText(form.name);
      return name ? (name.length > BANK_NAME_MAX ? { name: "editor.banks.nameLong" } : {}) : { name: "editor.banks.nameRequired" };
    },
    send: (form) => api.call("/activity/stock/update", { stock: { ...(bank ? { id: bank.id } : {}), name: form.name } }),
    accepted: async () => {
      await showMessage(t(bank ? "editor.banks.saved" : "editor.banks.added"));
      onSaved();
    },
    refused: (message) => {
      if (message.code === "ERROR_RENAME") return { field: "name", error: "editor.banks.renamed" };
      if (message.code === "ERROR_PARAMS" && message.params?.field === "name") return { field: "name", error: "editor.banks.nameRequired" };
      return message.code === "ERROR_RESULT_NULL" ? { text: t("editor.banks.bankMissing") } : null;
    },
  });
  return (
    <FormDialog editor={editor} title={t(bank ? "editor.banks.renameTitle" : "editor.banks.newBank")} saveLabel={t("editor.banks.save")} onClose={onClose} width={420} className="bank-form" testId="bank-form">
      <div className="field">
        <label htmlFor="bank-name">{t("editor.banks.name")}</label>
        <input
          id="bank-name"
          className={editor.inputClass("name")}
          value={editor.form.name}
          maxLength={60}
          placeholder={t("editor.banks.namePlaceholder")}
          data-autofocus
          {...editor.described("name")}
          onChange={(event) => editor.update({ name: event.target.value })}
        />
        {editor.error("name")}
      </div>
    </FormDialog>
  );
}

export default function QuestionBanksWindow({ onClose }: ToolWindowProps) {
  const t = useT();
  const { filterBar, list, filtered, reload } = useFilteredPages("/activity/stock/list", { name: "" }, (filter, index) => ({ name: filter.name.trim(), index }));
  const [naming, setNaming] = useState<{ bank: Bank | null } | null>(null);
  const [open, setOpen] = useState<Bank | null>(null);

  const remove = async (bank: Bank) => {
    if (!(await confirm(t("editor.banks.confirmDelete", { name: unescapeAngles(bank.name) }), { ok: t("editor.banks.delete") }))) return;
    const answer = await api.call("/activity/stock/delete", { stock: bank.id });
    const code = answer.message?.code;
    await showMessage(
      isSuccess(answer) ? t("editor.banks.deleted") : code === "ERROR_DATA_USED" ? t("editor.banks.bankInUse") : code === "ERROR_RESULT_NULL" ? t("editor.banks.bankGone") : resultText(t, answer.message),
    );
    reload();
  };

  const columns: Column<Bank>[] = [
    { key: "name", title: t("editor.banks.name"), place: "title", render: (b) => <span className="cell-name">{unescapeAngles(b.name)}</span> },
    { key: "count", title: t("editor.banks.count"), align: "right", render: (b) => <span className="mono">{b.count}</span> },
    {
      key: "used",
      title: t("editor.banks.used"),
      place: "aside",
      render: (b) => <span className={`bank-mark${b.used ? " is-used" : ""}`}>{t(b.used ? "editor.banks.inUse" : "editor.banks.notUsed")}</span>,
    },
    {
      key: "actions",
      title: t("editor.banks.actions"),
      wide: true,
      render: (b) => (
        <span className="row-actions">
          <button type="button" className="link-button" onClick={() => setOpen(b)} data-testid="bank-open">
            {t("editor.banks.open")}
          </button>
          <button type="button" className="link-button" onClick={() => setNaming({ bank: b })} data-testid="bank-rename">
            {t("editor.banks.rename")}
          </button>
          <button type="button" className="link-button link-danger" onClick={() => void remove(b)} data-testid="bank-delete">
            {t("editor.banks.delete")}
          </button>
        </span>
      ),
    },
  ];

  return (
    <Dialog title={t("editor.banks.title")} onClose={onClose} width={860}>
      <div className="bank-manager" data-testid="bank-manager">
        <div className="bank-manager-head">
          <FilterBar id="banks" label={t("editor.banks.search")} fields={[{ kind: "text", name: "name", label: t("editor.banks.name"), placeholder: t("editor.banks.search") }]} {...filterBar} />
          <button type="button" className="button button-primary" onClick={() => setNaming({ bank: null })} data-testid="bank-new">
            {t("editor.banks.newBank")}
          </button>
        </div>
        <CardList
          {...list}
          columns={columns}
          rowKey={(b) => b.id}
          label={t("editor.banks.caption")}
          empty={t(filtered ? "editor.banks.emptySearch" : "editor.banks.empty")}
          itemTestId="bank-row"
        />
      </div>
      {naming ? (
        <BankNameDialog
          bank={naming.bank}
          onClose={() => setNaming(null)}
          onSaved={() => {
            setNaming(null);
            reload();
          }}
        />
      ) : null}
      {open ? (
        <BankQuestions
          bank={open}
          onClose={() => {
            setOpen(null);
            reload();
          }}
        />
      ) : null}
    </Dialog>
  );
}
