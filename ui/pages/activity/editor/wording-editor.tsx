// The wording editor (spec 3 section 2.2): the activity's fourteen texts,
// Chinese and English side by side, each page default shown as the
// placeholder of its empty field; saved with /activity/text (an empty field
// keeps the default).
import type { AnswerOf } from "../../../../src/domains/api";
import { MODULE_MODEL } from "../../../../src/protocol/enumerations";
import { unescapeAngles } from "../../../../src/protocol/identity";
import { WORDING_KEYS, WORDING_MAX, type WordingKey } from "../../../../src/protocol/wording";
import { api } from "../../../api";
import { FormDialog, useFormDialog } from "../../../components/form-dialog";
import { showMessage } from "../../../components/message-box";
import { textsOf, useT } from "../../../i18n";
import type { Language } from "../../../state/session";
import type { Activity } from "../activity-model";
import type { ToolWindowProps } from "./tool-types";

type Field = `${WordingKey}-${Language}`;
const LANGUAGES: readonly Language[] = ["zh", "en"];
const FIELDS = WORDING_KEYS.flatMap((k) => LANGUAGES.map((l) => `${k}-${l}` as Field));
type Form = Record<Field, string>;

/** Where each text's default lives, on an activity's page and on a market item's. */
const DEFAULTS: Readonly<Record<WordingKey, [activity: string, market: string]>> = {
  signUp: ["activity.signUp", "market.addToCart"],
  start: ["activity.signStart", "market.redeemStart"],
  end: ["activity.signEnd", "market.redeemEnd"],
  quota: ["activity.stock", "market.quota"],
  maxQuota: ["market.maximum", "market.maximum"],
  remaining: ["market.remaining", "market.remaining"],
  noPower: ["activity.reason.ERROR_SIGN_NO_POWER", "market.reason.ERROR_SIGN_NO_POWER"],
  notStarted: ["activity.reason.ERROR_SIGN_NOT_START", "market.reason.ERROR_SIGN_NOT_START"],
  ended: ["activity.reason.ERROR_SIGN_END", "market.reason.ERROR_SIGN_END"],
  full: ["activity.reason.ERROR_SIGN_FULL", "market.reason.ERROR_SIGN_FULL"],
  countUsedUp: ["activity.reason.ERROR_SIGN_FINISH", "market.reason.ERROR_SIGN_FINISH"],
  success: ["activity.done.success", "activity.done.success"],
  chooseTag: ["result.ERROR_SIGN_TAG", "result.ERROR_SIGN_TAG"],
  qrCode: ["activity.done.ticketHint", "activity.done.ticketHint"],
};

/** The page's own text in a language, whatever the editor's (the tag prompt's {{group}} as the editor writes it, {group}). */
function defaultText(key: WordingKey, language: Language, market: boolean): string {
  let node: unknown = textsOf(language);
  for (const part of DEFAULTS[key][market ? 1 : 0].split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node.replace("{{group}}", "{group}") : "";
}

export default function WordingEditor({ activity: a, onClose, onChanged }: ToolWindowProps & { activity: Activity }) {
  const t = useT();
  const market = a.module.model.id === MODULE_MODEL.MODULE_MODEL_MARKET;
  const editor = useFormDialog<Form, Field, AnswerOf<"/activity/text">>({
    id: "wording",
    fields: FIELDS,
    initial: () => Object.fromEntries(FIELDS.map((f) => [f, unescapeAngles(a.wording?.[f.slice(0, -3)]?.[f.slice(-2) as Language] ?? "")])) as Form,
    validate: (form) => Object.fromEntries(FIELDS.filter((f) => form[f].trim().length > WORDING_MAX[f.slice(0, -3) as WordingKey]).map((f) => [f, "editor.wording.tooLong"])),
    errorParams: (f) => ({ max: WORDING_MAX[f.slice(0, -3) as WordingKey] }),
    send: (form) =>
      api.call("/activity/text", {
        id: a.id,
        content: Object.fromEntries(WORDING_KEYS.map((k) => [k, { zh: form[`${k}-zh`].trim(), en: form[`${k}-en`].trim() }])),
      }),
    refused: (message) => {
      const p = message.params ?? {};
      return p.field === "content" && typeof p.key === "string" && typeof p.language === "string" ? { field: `${p.key}-${p.language}` as Field, error: "editor.wording.tooLong" } : null;
    },
    accepted: async () => {
      await showMessage(t("editor.saved"));
      onChanged();
      onClose();
    },
  });
  return (
    <FormDialog editor={editor} title={t("editor.wording.title")} saveLabel={t("editor.wording.save")} onClose={onClose} width={820} className="wording-form" testId="wording-editor">
      <p className="muted wording-intro">{t("editor.wording.intro")}</p>
      <div className="wording-grid" role="group" aria-label={t("editor.wording.title")}>
        <span className="wording-head" aria-hidden="true">
          {t("editor.wording.text")}
        </span>
        <span className="wording-head" id="wording-head-zh" lang="zh">
          {t("editor.wording.zh")}
        </span>
        <span className="wording-head" id="wording-head-en" lang="en">
          {t("editor.wording.en")}
        </span>
        {WORDING_KEYS.map((key) => (
          <div className="wording-row" key={key}>
            <span className="wording-label" id={`wording-${key}-label`}>
              {t(`editor.wording.keys.${key}`)}
              {key === "chooseTag" ? <small className="muted">{t("editor.wording.groupHint")}</small> : null}
            </span>
            {LANGUAGES.map((language) => {
              const field = `${key}-${language}` as Field;
              return (
                <div className="wording-cell" key={field}>
                  <input
                    id={`wording-${field}`}
                    className={editor.inputClass(field)}
                    lang={language}
                    value={editor.form[field]}
                    placeholder={defaultText(key, language, market)}
                    maxLength={WORDING_MAX[key] + 20}
                    aria-labelledby={`wording-${key}-label wording-head-${language}`}
                    {...editor.described(field)}
                    onChange={(event) => editor.update({ [field]: event.target.value } as Partial<Form>)}
                  />
                  {editor.error(field)}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </FormDialog>
  );
}
