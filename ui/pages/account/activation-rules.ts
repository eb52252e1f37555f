// The browser-side checks of the code flows (spec 1 section 5) and the texts
// of their server answers (section 8), shared by activation, the reset window
// and the security dialogs.
import { isMail, isPhone } from "../../../src/protocol/identity";
import type { Message } from "../../../src/protocol/result";
import { type TextKey, type TextName, type Translate, resultText } from "../../i18n";

export const CODE_LENGTH = 6;

/** Activation and security: 10-20 characters with an upper-case and a lower-case letter and a digit. */
export const STRONG_PASSWORD = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{10,20}$/;
/** The reset window checks 8-20 (spec 1 section 5), though its message says 10-20 like the others. */
export const RESET_PASSWORD = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{8,20}$/;

export const phoneError = (phone: string): TextKey | null => (isPhone(phone.trim()) ? null : "activation.error.phoneFormat");
export const mailError = (mail: string): TextKey | null => (isMail(mail.trim()) ? null : "activation.error.mailFormat");
export const codeError = (code: string): TextKey | null => (code.trim() ? null : "activation.error.codeRequired");

/** The problems of a password and its repeat, as dictionary keys. */
export function passwordErrors(password: string, repeat: string, rule: RegExp = STRONG_PASSWORD): { password?: TextKey; repeat?: TextKey } {
  const errors: { password?: TextKey; repeat?: TextKey } = {};
  const p = password.trim();
  if (!p) errors.password = "activation.error.passwordRequired";
  else if (!rule.test(p)) errors.password = "activation.error.passwordRule";
  if (!repeat.trim()) errors.repeat = "activation.error.repeatRequired";
  else if (repeat.trim() !== p) errors.repeat = "activation.error.repeatMismatch";
  return errors;
}

/** Masks a phone as the specs show it: first 3 and last 4 digits. */
export const maskPhone = (phone: string | null | undefined) => (phone && phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : (phone ?? ""));

export type Flow = "activation" | "reset" | "security" | "profile";

/** The text of a code flow's answer in the user's language (spec 1 section 8). */
export function codeFlowText(t: Translate, message: Pick<Message, "code" | "params"> | undefined, flow: Flow = "activation"): string {
  const params = message?.params ?? {};
  const e = (key: TextName<"activation.error">, p?: Record<string, string | number>) => t(`activation.error.${key}`, p);
  switch (message?.code) {
    case "ERROR_PARAMS": {
      const reason = params.reason ?? params.field;
      const known: Record<string, TextName<"activation.error">> = {
        "phone-mismatch": "phoneMismatch",
        "mail-mismatch": "mailMismatch",
        phone: "phoneFormat",
        mail: "mailFormat",
        employees: "employeesRequired",
        password: "initialPasswordWrong",
        auth: "codeRequired",
        old: "old",
        same: "same",
      };
      const key = typeof reason === "string" ? known[reason] : undefined;
      return key ? e(key) : resultText(t, message);
    }
    case "ERROR_RESULT_NULL":
      return params.cooling ? e("timedOut") : e("sendFirst");
    case "ERROR_RANDOM":
      return e("random");
    case "ERROR_BINDINGED":
      return e("bindinged");
    case "ERROR_OFTEN":
      return typeof params.seconds === "number" ? e("oftenWait", { seconds: params.seconds }) : e("often");
    case "ERROR_NOT_USER":
      return flow === "activation" ? e("notUser") : resultText(t, message);
    case "ERROR_LEAVE":
      return e("leave");
    case "ERROR_DATA_USED":
      return params.reason === "has-mail" ? e("hasMail") : e("mailUsed");
    case "ERROR_RENAME":
      return flow === "activation" || flow === "profile" ? e("renameProfile") : e("rename");
    case "ERROR_NOT_POWER":
      return params.reason === "activation" ? e("expired") : resultText(t, message);
    default:
      return resultText(t, message);
  }
}
