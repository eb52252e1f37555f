// The short-message dialog of the member page (spec 3 sections 2.4, 5 "Short
// message send", 7 "Short messages", 9; FUNCTION_MEMBER_EDIT): the offered
// templates (25 a page), a template's send dialog with sign, task name, the
// xlsx of numbers (or, from the member page, the members of its current
// search, counted and confirmed) and the length count, the send records (25 a page) and a
// task's numbers with their states (20 a page).
import { formatChinaDateTime } from "../../lib/china-time";
import { useEffect, useState } from "react";
import type { AnswerOf, InputOf, ItemOf } from "../../../src/domains/api";
import { AUDIT_STATE, SMS_STATE } from "../../../src/protocol/enumerations";
import { SMS_LOG_PAGE_SIZE, SMS_TASK_PAGE_SIZE, SMS_TEMPLATE_PAGE_SIZE, SMS_TITLE_MAX } from "../../../src/protocol/limits";
import { type Message, isSuccess } from "../../../src/protocol/result";
import { smsLength } from "../../../src/protocol/sms-length";
import { api } from "../../api";
import { type Column, CardList } from "../../components/card-list";
import { Dialog } from "../../components/dialog";
import { type FieldErrors, FormDialog, type Refusal, useFormDialog } from "../../components/form-dialog";
import { confirm, showMessage } from "../../components/message-box";
import { addTexts, joinList, resultText, useT } from "../../i18n";
import { session } from "../../state/session";
import sms from "../../i18n/areas/sms";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { useLoaded, useLoader } from "../../lib/use-loaded";
import { useTypeName } from "../centre/order-detail-window";

// Staff-only texts come with the staff chunk that shows them, not with every member's first screen (docs/decisions.md 102).
addTexts({ zh: { sms: sms.zh }, en: { sms: sms.en } });

type Template = ItemOf<"/user/operation/sms/template">;
type Sign = ItemOf<"/user/operation/sms/sign">;
type Task = ItemOf<"/user/operation/sms/tasks">;
type LogRow = ItemOf<"/user/operation/sms/logs">;
/** The member page's current search, whose members a message may go to (the server runs it again itself). */
export type SmsSearch = InputOf<"/user/operation/sms/search/count">;
type SearchCount = { count: number; matched: number; left: number; noPhone: number };
const NO_FILTER = {};

/** Both lists of the provider, asked once when the dialog opens. */
function useCatalogue() {
  const t = useT();
  const { value, reload } = useLoader(async (alive) => {
    const [tpl, sgn] = [await api.call("/user/operation/sms/template", { index: 1 }), await api.call("/user/operation/sms/sign", { index: 1 })];
    if (isSuccess(tpl) && isSuccess(sgn)) return { templates: tpl.list ?? [], signs: sgn.list ?? [] };
    if (alive()) void showMessage(resultText(t, (isSuccess(tpl) ? sgn : tpl).message));
    return false;
  }, []);
  return { templates: value ? value.templates : null, signs: value ? value.signs : [], failed: value === false, retry: reload };
}

export function SmsDialog({ onClose, search }: { onClose: () => void; search?: SmsSearch }) {
  const t = useT();
  const typeName = useTypeName();
  const { templates, signs, failed, retry } = useCatalogue();
  const [index, setIndex] = useState(1);
  const [sending, setSending] = useState<Template | null>(null);
  const [records, setRecords] = useState(false);
  const max = Math.max(1, Math.ceil((templates?.length ?? 0) / SMS_TEMPLATE_PAGE_SIZE));
  const shown = templates?.slice((index - 1) * SMS_TEMPLATE_PAGE_SIZE, index * SMS_TEMPLATE_PAGE_SIZE) ?? null;

  const columns: Column<Template>[] = [
    { key: "name", title: t("sms.columns.name"), place: "title", render: (r) => r.name },
    { key: "code", title: t("sms.columns.code"), render: (r) => <span className="mono">{r.code}</span> },
    { key: "text", title: t("sms.columns.text"), wide: true, render: (r) => <span className="sms-template-text">{r.content}</span> },
    { key: "status", title: t("sms.columns.status"), place: "aside", render: (r) => typeName(r.status) },
    { key: "date", title: t("sms.columns.date"), render: (r) => (r.date ? formatChinaDateTime(r.date, true) : "—") },
    {
      key: "action",
      title: t("sms.columns.action"),
      render: (r) =>
        r.status === AUDIT_STATE.AUDIT_STATE_PASS ? (
          <button type="button" className="button sms-choose" onClick={() => setSending(r)} aria-label={t("sms.chooseLabel", { name: r.name })} data-testid="sms-choose">
            {t("sms.choose")}
          </button>
        ) : (
          <span className="muted">{t("sms.notApproved")}</span>
        ),
    },
  ];

  return (
    <>
      <Dialog title={t("sms.title")} onClose={onClose} width={820}>
        <div className="member-actions">
          <button type="button" className="button" onClick={() => setRecords(true)} data-testid="sms-records">
            {t("sms.records")}
          </button>
        </div>
        <CardList
          list={shown}
          failed={failed}
          onRetry={retry}
          columns={columns}
          rows={SMS_TEMPLATE_PAGE_SIZE}
          rowKey={(r) => r.code}
          label={t("sms.templatesCaption")}
          empty={t("sms.templatesEmpty")}
          itemTestId="sms-template"
          paging={templates ? { index, max, count: templates.length, onChange: (i) => setIndex(Math.min(Math.max(1, i), max)) } : undefined}
        />
      </Dialog>
      {sending ? <SmsSendDialog template={sending} signs={signs} search={search} onClose={() => setSending(null)} onSent={() => (setSending(null), setRecords(true))} /> : null}
      {records ? <SmsTasksDialog onClose={() => setRecords(false)} /> : null}
    </>
  );
}

type Field = "sign" | "title" | "to" | "file";
const FIELDS: Field[] = ["sign", "title", "to", "file"];
type Form = { sign: string; title: string; to: "sheet" | "search"; file: File | null };

function validate(f: Form, counted: SearchCount | null) {
  const errors: FieldErrors<Field> = {};
  if (!f.sign) errors.sign = "sms.errors.sign";
  if (!f.title.trim()) errors.title = "sms.errors.title";
  else if ([...f.title.trim()].length > SMS_TITLE_MAX) errors.title = "sms.errors.titleLong";
  if (f.to === "sheet" && !f.file) errors.file = "sms.errors.file";
  if (f.to === "search" && counted && !counted.count) errors.to = "sms.errors.search";
  return errors;
}

/** What the current search would reach, asked of the server when "its members" is chosen (and again after a refusal). */
function useSearchCount(search: SmsSearch | undefined, asked: boolean) {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const counted = useLoaded(async (): Promise<SearchCount | false> => {
    if (!asked || !search) return false;
    const answer = await api.call("/user/operation/sms/search/count", search);
    if (isSuccess(answer)) return { count: answer.count ?? 0, matched: answer.matched ?? 0, left: answer.left ?? 0, noPhone: answer.noPhone ?? 0 };
    void showMessage(resultText(t, answer.message));
    return false;
  }, [asked, attempt]);
  return { counted: counted || null, recount: () => setAttempt((n) => n + 1) };
}

function SmsSendDialog({ template, signs, search, onClose, onSent }: { template: Template; signs: Sign[]; search?: SmsSearch; onClose: () => void; onSent: () => void }) {
  const t = useT();
  // The rows a refused file names, for its message.
  const [badRows, setBadRows] = useState({ rows: "", count: 0 });
  const [to, setTo] = useState<Form["to"]>("sheet");
  const { counted, recount } = useSearchCount(search, to === "search");
  const editor = useFormDialog({
    id: "sms-send",
    fields: FIELDS,
    initial: (): Form => ({ sign: signs.length === 1 ? signs[0]!.sign : "", title: "", to: "sheet", file: null }),
    validate: (f) => validate(f, counted),
    // The count shown is the count confirmed: the server refuses the send if its own search finds another.
    confirmed: (f) => (f.to === "search" && counted ? confirm(t("sms.searchConfirm", { count: counted.count })) : Promise.resolve(true)),
    send: (f) =>
      f.to === "search"
        ? api.call("/user/operation/sms/search/send", { ...search, sign: f.sign, title: f.title.trim(), code: template.code, expect: counted?.count ?? 0 })
        : api.upload("/user/operation/sms/import/send", f.file!, f.file!.name, { fields: { sign: f.sign, title: f.title.trim(), code: template.code } }),
    accepted: (answer) => {
      void showMessage(t("sms.sent", { count: answer.count ?? 0 }));
      onSent();
    },
    refused: (message: Message): Refusal<Field> | null => {
      const params = message.params ?? {};
      if (message.code !== "ERROR_PARAMS") return null;
      if (params.field === "sign") return { field: "sign", error: "sms.errors.sign" };
      if (params.field === "title") return { field: "title", error: params.reason === "long" ? "sms.errors.titleLong" : "sms.errors.title" };
      if (params.field === "code") return { text: t("sms.errors.code") };
      if (params.field === "expect") {
        recount();
        return { text: t("sms.searchChanged", { count: Number(params.count) }) };
      }
      if (params.field === "search") return { field: "to", error: "sms.errors.search" };
      if (params.field === "file" && params.reason === "phones") {
        setBadRows({ rows: joinList(session.language, params.rows as number[]), count: Number(params.count) });
        return { field: "file", error: "sms.errors.phones" };
      }
      if (params.field === "file") return { field: "file", error: "sms.errors.empty" };
      if (params.reason === "type" || params.reason === "size" || params.reason === "rows") return { field: "file", error: "sms.errors.fileType" };
      return null;
    },
    errorParams: (field) => (field === "file" ? badRows : { max: SMS_TITLE_MAX }),
  });
  const { form, update, error } = editor;
  const count = smsLength(template.content, form.sign || null);

  return (
    <FormDialog editor={editor} title={t("sms.sendTitle")} saveLabel={t("sms.send")} onClose={onClose} width={560} className="sms-send-form" testId="sms-send">
      <dl className="sms-template-facts">
        <dt>{t("sms.template")}</dt>
        <dd>
          {template.name} <span className="mono">({template.code})</span>
        </dd>
        <dt>{t("sms.content")}</dt>
        <dd className="sms-content">
          {form.sign ? `【${form.sign}】` : ""}
          {template.content}
        </dd>
      </dl>
      <div className="field">
        <label htmlFor="sms-send-sign">{t("sms.sign")}</label>
        <select id="sms-send-sign" className={editor.inputClass("sign")} value={form.sign} {...editor.described("sign")} onChange={(e) => update({ sign: e.target.value })}>
          <option value="">{t("sms.signChoose")}</option>
          {signs.map((s) => (
            <option key={s.sign} value={s.sign}>
              {s.sign}
            </option>
          ))}
        </select>
        {error("sign")}
      </div>
      <div className="field">
        <label htmlFor="sms-send-title">{t("sms.taskTitle")}</label>
        <input id="sms-send-title" className={editor.inputClass("title")} value={form.title} maxLength={SMS_TITLE_MAX + 10} {...editor.described("title")} onChange={(e) => update({ title: e.target.value })} />
        {error("title")}
      </div>
      {search ? (
        <fieldset className="field sms-to" {...editor.described("to", "sms-search-count")}>
          <legend>{t("sms.to")}</legend>
          <div className="choice-row">
            {(["sheet", "search"] as const).map((choice) => (
              <label key={choice} className="choice">
                <input type="radio" name="sms-to" value={choice} checked={form.to === choice} onChange={() => (setTo(choice), update({ to: choice }))} data-testid={`sms-to-${choice}`} />
                {t(choice === "sheet" ? "sms.toSheet" : "sms.toSearch")}
              </label>
            ))}
          </div>
          {form.to === "search" ? (
            <p className="field-hint" id="sms-search-count" aria-live="polite" data-testid="sms-search-count">
              {counted ? t("sms.searchCount", { matched: counted.matched, count: counted.count, left: counted.left, noPhone: counted.noPhone }) : t("sms.searchCounting")}
            </p>
          ) : null}
          {error("to")}
        </fieldset>
      ) : null}
      {form.to === "sheet" ? (
      <div className="field">
        <label htmlFor="sms-send-file">{t("sms.file")}</label>
        <input
          id="sms-send-file"
          type="file"
          className={editor.inputClass("file")}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          {...editor.described("file", "sms-send-file-hint")}
          onChange={(e) => update({ file: e.target.files?.[0] ?? null })}
        />
        <p className="field-hint" id="sms-send-file-hint">
          {t("sms.fileHint")}
        </p>
        {error("file")}
      </div>
      ) : null}
      <p className="sms-length" data-testid="sms-length" aria-live="polite">
        {t("sms.length", { length: count.length, parts: count.parts })}
      </p>
    </FormDialog>
  );
}

export function SmsTasksDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { list } = useFilteredPages("/user/operation/sms/tasks", NO_FILTER, (_, index) => ({ index }));
  const [open, setOpen] = useState<Task | null>(null);
  const columns: Column<Task>[] = [
    {
      key: "title",
      title: t("sms.taskColumns.title"),
      place: "title",
      render: (r) => (
        <button type="button" className="link-button" onClick={() => setOpen(r)} title={t("sms.openTask", { title: r.title })} data-testid="sms-open-task">
          {r.title}
        </button>
      ),
    },
    { key: "count", title: t("sms.taskColumns.count"), align: "right", render: (r) => <span className="mono">{r.count}</span> },
    { key: "date", title: t("sms.taskColumns.date"), render: (r) => formatChinaDateTime(r.date, true) },
  ];
  return (
    <>
      <Dialog title={t("sms.tasksTitle")} onClose={onClose} width={680}>
        <CardList {...list} columns={columns} rows={SMS_TASK_PAGE_SIZE} rowKey={(r) => r.id} label={t("sms.tasksCaption")} empty={t("sms.tasksEmpty")} itemTestId="sms-task" />
      </Dialog>
      {open ? <SmsLogDialog task={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/** How often an open log asks whether its task's numbers have been sent. */
const LOG_POLL_MS = 2000;

/** A resend's nonce: made once per confirmed click, so the same click sent twice (a double click, a retry) re-queues once. */
const resendNonce = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

function SmsLogDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const t = useT();
  const [tick, setTick] = useState(0);
  const [onlyUnknown, setOnlyUnknown] = useState(false);
  const [resending, setResending] = useState(false);
  const typeName = useTypeName();
  const { list, page, reload } = useFilteredPages("/user/operation/sms/logs", NO_FILTER, (_, index) => ({
    index,
    task: task.id,
    ...(onlyUnknown ? { state: SMS_STATE.SMS_STATE_UNKNOWN } : {}),
  }));
  const summary = page as AnswerOf<"/user/operation/sms/logs"> | null;
  const unknown = summary?.unknown ?? 0;
  // While numbers wait for the delivery job, its counts are asked again quietly; the page is read again when they move.
  const pending = summary ? (summary.total ?? 0) - (summary.success ?? 0) - (summary.failed ?? 0) : 0;
  useEffect(() => {
    if (!summary || pending <= 0) return;
    const timer = setTimeout(async () => {
      const answer = await api.poll("/user/operation/sms/logs", { index: summary.index ?? 1, task: task.id });
      if (isSuccess(answer) && (answer.success !== summary.success || answer.failed !== summary.failed)) reload();
      else setTick((n) => n + 1);
    }, LOG_POLL_MS);
    return () => clearTimeout(timer);
  }, [summary, tick]);
  const show = (next: boolean) => {
    setOnlyUnknown(next);
    reload();
  };
  const resend = async () => {
    if (!(await confirm(t("sms.resendConfirm", { count: unknown }), { ok: t("sms.resendOk") }))) return;
    setResending(true);
    const answer = await api.call("/user/operation/sms/resend", { task: task.id, nonce: resendNonce() });
    setResending(false);
    await showMessage(isSuccess(answer) ? t("sms.resent", { count: answer.count ?? 0 }) : resultText(t, answer.message));
    setOnlyUnknown(false);
    reload();
  };
  const columns: Column<LogRow>[] = [
    { key: "phone", title: t("sms.logColumns.phone"), place: "title", render: (r) => <span className="mono">{r.phone}</span> },
    { key: "state", title: t("sms.logColumns.state"), place: "aside", render: (r) => <span className={`state-tag sms-state-${r.state.id}`}>{typeName(r.state.id)}</span> },
    { key: "error", title: t("sms.logColumns.error"), wide: true, render: (r) => <span className="sms-error">{r.error ?? "—"}</span> },
  ];
  return (
    <Dialog title={t("sms.logTitle", { title: task.title })} onClose={onClose} width={680}>
      <p className="sms-summary" data-testid="sms-summary">
        {summary
          ? t(unknown > 0 ? "sms.logSummaryUnknown" : "sms.logSummary", { success: summary.success ?? 0, failed: summary.failed ?? 0, unknown, count: summary.total ?? 0 })
          : t("common.loading")}
      </p>
      {unknown > 0 || onlyUnknown ? (
        <div className="sms-unknown" data-testid="sms-unknown">
          <p className="muted">{t(summary?.reports ? "sms.unknownNote" : "sms.unknownNoteOutbox")}</p>
          <div className="sms-unknown-actions">
            <label className="field sms-log-show">
              <span>{t("sms.logShow")}</span>
              <select className="input" value={onlyUnknown ? "unknown" : "all"} onChange={(e) => show(e.target.value === "unknown")} data-testid="sms-log-show">
                <option value="all">{t("sms.logShowAll")}</option>
                <option value="unknown">{t("sms.logShowUnknown")}</option>
              </select>
            </label>
            {unknown > 0 ? (
              <button type="button" className="button" onClick={resend} disabled={resending} data-testid="sms-resend">
                {t("sms.resend", { count: unknown })}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      <CardList {...list} columns={columns} rows={SMS_LOG_PAGE_SIZE} rowKey={(r) => r.id} label={t("sms.logCaption")} empty={t("sms.logEmpty")} itemTestId="sms-log" />
    </Dialog>
  );
}
