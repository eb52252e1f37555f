import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { codeField as code, mailField as mail, phoneField as phone } from "../shared/fields";
import { codeSendBudget } from "../shared/codes";
import {
  activationLanguage,
  activationLogin,
  activationMode,
  noMailInput,
  noMailLogin,
  noMailLoginInput,
  sendActivationMail,
  sendActivationSms,
  sendNoMailCode,
  sendProfilePhoneCode,
  submitActivation,
  submitInput,
} from "./service";

// All "session": the member cannot sign in before activation finishes.
export const activationDomain = domain("activation", [
  query("/active/mode", { access: "session" }, activationMode),
  command("/active/sms/send", { access: "session", input: t.Object({ phone }), throttle: codeSendBudget }, sendActivationSms),
  command("/active/mail/send", { access: "session", input: t.Object({ mail }), throttle: codeSendBudget }, sendActivationMail),
  command("/active/none/mail/send", { access: "session", input: noMailInput, throttle: codeSendBudget }, sendNoMailCode),
  command("/active/login", { access: "session", input: t.Object({ phone: t.Optional(phone), mail: t.Optional(mail), auth: code }) }, activationLogin),
  command("/active/none/mail/login", { access: "session", input: noMailLoginInput }, noMailLogin),
  command("/active/language", { access: "session", input: t.Object({ user: t.Integer(), language: t.Integer() }) }, activationLanguage),
  command("/user/sms/send", { access: "session", input: t.Object({ user: t.Integer(), phone }), throttle: codeSendBudget }, sendProfilePhoneCode),
  command("/active/submit", { access: "session", input: submitInput, audit: "activation.submit" }, submitActivation),
]);
