// The activity basic-info form (spec 3 section 2.2), with the rich-text
// detail (Chinese and English, images up to 2 MB) and the bound question bank,
// saved as the whole activity (/activity/update); the page reloads after
// "保存完成". The toggles follow the spec's effects; the server applies the
// same rules whatever it is sent.
import { type ReactNode, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { MODULE_MODEL } from "../../../../src/protocol/enumerations";
import { message } from "../../../../src/protocol/result";
import { DatePicker } from "../../../components/date-picker";
import { Dialog } from "../../../components/dialog";
import { FormDialog, refusedField, useFormDialog } from "../../../components/form-dialog";
import { HashValue } from "../../../components/hash-value";
import { showMessage } from "../../../components/message-box";
import { RichTextEditor } from "../../../components/rich-text";
import { pick, useT } from "../../../i18n";
import { formatChinaDateTime } from "../../../lib/china-time";
import { session } from "../../../state/session";
import { adjustBasic, type Allocation, allocationPart, BASIC_FIELDS, type BasicField, type BasicForm, basicFormOf, basicPart, toggles, validateBasic } from "./basic-form";
import { type EditInfo, type EditorOptions, placeOf, refusalKey, refusalText, saveActivity, useEditorData } from "./editor-data";
import { QuizBinding, type QuizForm, quizFormOf, quizPart } from "./quiz-binding";
import type { ToolWindowProps } from "./tool-types";

export default function BasicInfoWindow({ activity, onClose, onChanged }: ToolWindowProps) {
  const t = useT();
  const data = useEditorData(activity.id);
  if (!data)
    return (
      <Dialog title={t("editor.basic.title")} onClose={onClose}>
        <p role="status">{data === false ? t("editor.loadFailed") : t("editor.loading")}</p>
      </Dialog>
    );
  return <BasicInfoForm info={data.info} options={data.options} onClose={onClose} onChanged={onChanged} />;
}

function BasicInfoForm({ info, options, onClose, onChanged }: { info: EditInfo; options: EditorOptions; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const a = info.activity;
  const market = options.module.model.id === MODULE_MODEL.MODULE_MODEL_MARKET;
  const [quiz, setQuiz] = useState<QuizForm>(() => quizFormOf(info));
  const [quizOpened] = useState(quiz);
  const context = { hasRelationships: info.relationships.length > 0, hasGroups: (info.team?.groups.length ?? 0) > 0 };
  // The form as opened: the allocation is sent only when it changed (./basic-form.ts allocationPart).
  const [opened] = useState(() => basicFormOf(a));
  const sent = useRef(opened);
  // Issue 32: the allocation and the draw's time are fixed once the sign-up window has opened or the draw ran (the server refuses a change then).
  const [fixed] = useState<"drawn" | "opened" | null>(() => (a.drawnAt ? "drawn" : a.signStart && Date.parse(a.signStart) <= Date.now() ? "opened" : null));

  const editor = useFormDialog<BasicForm, BasicField>({
    id: "basic",
    fields: BASIC_FIELDS,
    initial: () => opened,
    validate: validateBasic,
    adjust: adjustBasic,
    // The bank binding is fixed once published: then it is not sent, and stays. A bank without a display way is
    // refused here as the server would ("请选择题库显示方式"), without a round trip.
    send: async (form) => {
      sent.current = form;
      return !a.locked && quiz.bank && !quiz.type
        ? { message: message("ERROR_PARAMS", { field: "queryStock", part: "type" }) }
        : saveActivity({ activity: { ...basicPart(a.id, form, market), ...allocationPart(form, opened) }, ...(a.locked ? {} : quizPart(quiz)) });
    },
    accepted: async () => {
      await showMessage(t("editor.saved"));
      onClose();
      onChanged();
    },
    refused: (message) => {
      const named = message.code === "ERROR_PARAMS" ? refusedField(message, BASIC_FIELDS) : null;
      // Giving a lottery up is refused at the draw time, which first come, first served does not show: the choice says it.
      const field = named === "drawAt" && sent.current.allocation !== "lottery" ? "allocation" : named;
      if (field) return { field, error: refusalKey(placeOf(message.params ?? {})) ?? `editor.errors.fields.${field}` };
      return { text: refusalText(t, message) };
    },
    errorParams: () => ({ used: a.form }),
  });
  const { form, errors, update, error, described } = editor;
  const allowed = toggles(form, context);

  const text = (field: Exclude<BasicField, "allocation" | "hasCycle">, opts: { mode?: "numeric" | "decimal"; max?: number; disabled?: boolean } = {}) => (
    <div className="field">
      <label htmlFor={`basic-${field}`}>{t(`editor.basic.${field}`)}</label>
      <input
        id={`basic-${field}`}
        className={editor.inputClass(field)}
        value={form[field]}
        maxLength={opts.max ?? 20}
        inputMode={opts.mode}
        disabled={opts.disabled}
        {...described(field)}
        onChange={(e) => update({ [field]: e.target.value })}
      />
      {error(field)}
    </div>
  );
  const when = (field: "signStart" | "signEnd" | "drawAt" | "showStart" | "showEnd" | "eventStart" | "eventEnd" | "allowCancelDate", disabled = false) => (
    <div className="field">
      <label htmlFor={`basic-${field}`}>{t(`editor.basic.${field}`)}</label>
      <DatePicker
        id={`basic-${field}`}
        mode="datetime"
        value={form[field]}
        disabled={disabled}
        invalid={!!errors[field]}
        describedBy={described(field)["aria-describedby"]}
        onChange={(v) => update({ [field]: v })}
      />
      {error(field)}
    </div>
  );
  type Flag = "mustIntegral" | "hasAddress" | "allowUpdateAddress" | "hasExpress" | "hasTicket" | "allowCancel" | "calUserCount" | "familyNotice" | "waitlist" | "isMain" | "hasCycle";
  /** A switch; disabled ones show what the server will keep. The periodic one can be refused (a lottery's places are not per cycle). */
  const flag = (field: Flag, enabled = true, forced = false, hint?: ReactNode) => (
    <label className={`editor-check${enabled ? "" : " editor-check-off"}`}>
      <input
        type="checkbox"
        id={`basic-${field}`}
        checked={enabled ? form[field] : forced}
        disabled={!enabled}
        onChange={(e) => update({ [field]: e.target.checked })}
        {...(field === "hasCycle" ? described("hasCycle") : {})}
        data-testid={`basic-${field}`}
      />
      <span>{t(`editor.basic.${field}`)}</span>
      {hint}
    </label>
  );
  // Issue 32: how the places go; a lottery's draw time and its published commitment (its draw: the tool bar's "lottery").
  const lottery = form.allocation === "lottery";
  const choose = (choice: Allocation) => update({ allocation: choice });
  const allocation = (
    <fieldset className="editor-section editor-allocation" data-testid="basic-allocation">
      <legend id="basic-allocation-label">{t("editor.basic.allocation")}</legend>
      <div
        className="choice-row"
        id="basic-allocation"
        role="radiogroup"
        aria-labelledby="basic-allocation-label"
        tabIndex={-1}
        {...described("allocation", fixed ? "basic-allocation-fixed" : undefined)}
      >
        {(["first", "lottery"] as const).map((choice) => (
          <label key={choice} className={`choice${fixed ? " choice-off" : ""}`}>
            <input
              type="radio"
              name="basic-allocation"
              value={choice}
              checked={form.allocation === choice}
              disabled={!!fixed}
              onChange={() => choose(choice)}
              data-testid={`basic-allocation-${choice}`}
            />
            {t(choice === "first" ? "editor.basic.allocationFirst" : "editor.basic.allocationLottery")}
          </label>
        ))}
      </div>
      {error("allocation")}
      {fixed ? (
        <p className="field-hint" id="basic-allocation-fixed" data-testid="allocation-fixed">
          {fixed === "drawn" ? t("editor.basic.allocationDrawn", { time: formatChinaDateTime(a.drawnAt!) }) : t("editor.basic.allocationOpened")}
        </p>
      ) : null}
      {lottery ? (
        <>
          <div className="editor-row">{when("drawAt", !!fixed)}</div>
          <p className="field-hint" data-testid="lottery-hint">
            {t("editor.basic.lotteryHint")}
          </p>
        </>
      ) : null}
      {a.commitment ? (
        <div className="field">
          <span className="field-label" id="basic-commitment-label">
            {t("editor.basic.commitment")}
          </span>
          <HashValue value={a.commitment} testId="basic-commitment" labelledBy="basic-commitment-label" />
          <p className="field-hint">{t("editor.basic.commitmentHint")}</p>
        </div>
      ) : null}
    </fieldset>
  );
  const content = (field: "contentZh" | "contentEn") => (
    <div className="field editor-content" data-field={field} tabIndex={-1}>
      <span className="field-label" id={`basic-${field}-label`}>
        {t(`editor.basic.${field}`)}
      </span>
      <RichTextEditor value={form[field]} onChange={(html) => update({ [field]: html })} labelledBy={`basic-${field}-label`} testId={`basic-${field}`} />
    </div>
  );

  return (
    <FormDialog editor={editor} title={t("editor.basic.title")} saveLabel={t("editor.save")} onClose={onClose} width={900} className="editor-form" testId="basic-info" edited={quiz !== quizOpened}>
      <div className="editor-row">
        {text("nameZh", { max: 100 })}
        {text("nameEn", { max: 100 })}
      </div>
      <div className="editor-row">
        {when("signStart")}
        {when("signEnd")}
      </div>
      {/* A market item's places go through the trolley: first come, first served. */}
      {market ? null : allocation}
      <div className="editor-row">
        {when("showStart")}
        {when("showEnd")}
      </div>
      <div className="editor-row">
        {when("eventStart")}
        {when("eventEnd")}
      </div>
      <div className="editor-row">
        {text("placeZh", { max: 200 })}
        {text("placeEn", { max: 200 })}
      </div>
      <div className="editor-row editor-row-3">
        {text("displayStock", { mode: "numeric" })}
        {text("formStock", { mode: "numeric" })}
        {text("formCount", { mode: "numeric" })}
      </div>
      {a.form > 0 ? <p className="field-hint">{t("editor.basic.taken", { used: a.form })}</p> : null}
      <div className="editor-row editor-row-3">
        {text("price", { mode: "decimal" })}
        {text("integral", { mode: "decimal" })}
        {text("deduction", { mode: "decimal", disabled: !allowed.deduction })}
      </div>
      <div className="editor-checks">
        {flag("mustIntegral", allowed.mustIntegral)}
        {flag("hasAddress")}
        {flag("allowUpdateAddress", allowed.allowUpdateAddress)}
        {flag("hasExpress", allowed.hasExpress)}
        {flag("hasTicket")}
        {flag("calUserCount", allowed.calUserCount, true)}
        {flag("isMain", allowed.isMain)}
        {flag("familyNotice")}
        {/* A market item's page has no waiting list (its sign-ups go through the trolley). */}
        {market ? null : flag("waitlist", !lottery, true)}
      </div>
      {market ? null : (
        <p className="field-hint" data-testid="waitlist-hint">
          {t(lottery ? "editor.basic.lotteryLine" : "editor.basic.waitlistHint")}
          {a.waitlistCount.waiting + a.waitlistCount.offered > 0 ? ` ${t("editor.basic.waitlistNow", a.waitlistCount)}` : ""}
        </p>
      )}
      {form.hasAddress && form.allowUpdateAddress ? (
        <p className="editor-notice" role="note" data-testid="address-notice">
          {t("editor.basic.addressNotice")}
        </p>
      ) : null}
      <div className="editor-row">
        <div className="field">
          {flag("allowCancel")}
          {form.allowCancel ? when("allowCancelDate") : null}
        </div>
        {text("videoId", { max: 100 })}
      </div>
      <fieldset className="editor-section">
        <legend>{flag("hasCycle")}</legend>
        {error("hasCycle")}
        {form.hasCycle ? (
          <div className="editor-row editor-row-3">
            {text("cycleDate", { mode: "numeric" })}
            {text("cycleStart", { mode: "numeric" })}
            {text("cycleCount", { mode: "numeric" })}
          </div>
        ) : (
          <p className="field-hint">{t("editor.basic.cycleHint")}</p>
        )}
      </fieldset>
      {market ? (
        <div className="field">
          <label htmlFor="basic-sort">{t("editor.basic.sort")}</label>
          <select id="basic-sort" className="input" value={form.sort} onChange={(e) => update({ sort: e.target.value })}>
            <option value="">{t("editor.basic.noSort")}</option>
            {options.sorts.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {pick(language, s.nameZh, s.nameEn)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <QuizBinding quiz={quiz} locked={a.locked} onChange={setQuiz} />
      {content("contentZh")}
      {content("contentEn")}
    </FormDialog>
  );
}
