import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { codeSendBudget } from "../shared/codes";
import { codeField as code, mailField as mail, passwordField as password, phoneField as phone } from "../shared/fields";
import { resetPassword, sendContactCode, sendPasswordCode, sendResetCode, updateContact, updatePassword } from "./service";
import { endOtherSessions, endSession, sessionEndInput, sessionList } from "./sessions";

export const securityDomain = domain("security", [
  // Forgotten password: nobody is signed in.
  command("/user/reset/send", { access: "session", input: t.Object({ phone }), throttle: codeSendBudget }, sendResetCode),
  command("/user/reset/password", { access: "session", input: t.Object({ phone, auth: code, password }), audit: "security.reset" }, resetPassword),
  command("/user/password/send", { access: "user", throttle: codeSendBudget }, sendPasswordCode),
  command("/user/password/update", { access: "user", input: t.Object({ auth: code, password }), audit: "security.password" }, updatePassword),
  command("/user/check/send", { access: "user", input: t.Object({ phone }), throttle: codeSendBudget }, ({ ctx, input }) => sendContactCode("phone", { ctx, input: { value: input.phone } })),
  command("/user/phone/update", { access: "user", input: t.Object({ auth: code, phone, old: t.Optional(phone) }), audit: "security.phone" }, ({ ctx, input }) =>
    updateContact("phone", { ctx, input: { auth: input.auth, value: input.phone, old: input.old } }),
  ),
  command("/user/mail/send", { access: "user", input: t.Object({ mail }), throttle: codeSendBudget }, ({ ctx, input }) => sendContactCode("mail", { ctx, input: { value: input.mail } })),
  command("/user/mail/update", { access: "user", input: t.Object({ auth: code, mail, old: t.Optional(mail) }), audit: "security.mail" }, ({ ctx, input }) =>
    updateContact("mail", { ctx, input: { auth: input.auth, value: input.mail, old: input.old } }),
  ),
  // Issue 31: one's signed-in sessions, and ending them.
  query("/user/session/list", { access: "user" }, sessionList),
  command("/user/session/end", { access: "user", input: sessionEndInput, audit: "session.end" }, endSession),
  command("/user/session/end-others", { access: "user", audit: "session.end-others" }, endOtherSessions),
]);
