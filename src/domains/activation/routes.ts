import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { codeField as code, mailField as mail, passwordField, phoneField as phone } from "../shared/fields";
import { codeSendBudget } from "../shared/codes";
import { profileValues } from "../shared/profile";
import {
  activationLanguage,
  activationLogin,
  activationMode,
  noMailLogin,
  sendActivationMail,
  sendActivationSms,
  sendNoMailCode,
  sendProfilePhoneCode,
  submitActivation,
} from "./service";

// The spec's call table names only employees and mail; the initial password travels too, and its absence is refused by name.
const noMail = { employees: t.String({ maxLength: 50 }), password: t.Optional(passwordField), mail };

// All "session": the member cannot sign in before activation finishes.
export const activationDomain = domain("activation", [
  query("/active/mode", { access: "session" }, activationMode),
  command("/active/sms/send", { access: "session", input: t.Object({ phone }), throttle: codeSendBudget }, sendActivationSms),
  command("/active/mail/send", { access: "session", input: t.Object({ mail }), throttle: codeSendBudget }, sendActivationMail),
  command("/active/none/mail/send", { access: "session", input: t.Object(noMail), throttle: codeSendBudget }, sendNoMailCode),
  command("/active/login", { access: "session", input: t.Object({ phone: t.Optional(phone), mail: t.Optional(mail), auth: code }) }, activationLogin),
  command("/active/none/mail/login", { access: "session", input: t.Object({ ...noMail, auth: code }) }, noMailLogin),
  command("/active/language", { access: "session", input: t.Object({ user: t.Integer(), language: t.Integer() }) }, activationLanguage),
  command("/user/sms/send", { access: "session", input: t.Object({ user: t.Integer(), phone }), throttle: codeSendBudget }, sendProfilePhoneCode),
  command(
    "/active/submit",
    {
      access: "session",
      input: t.Object({
        user: t.Integer(),
        password: passwordField,
        nationality: t.Integer(),
        values: profileValues,
        phone: t.Optional(phone),
        auth: t.Optional(code),
      }),
      audit: "activation.submit",
    },
    submitActivation,
  ),
]);
