import { t } from "elysia";
import { domain, route } from "../../http/route";
import { md5Password } from "../activation/routes";
import { resetPassword, sendContactCode, sendPasswordCode, sendResetCode, updateContact, updatePassword } from "./service";

// Formats are checked by the verbs, so a wrong phone or e-mail answers with the field it names.
const phone = t.String({ maxLength: 40 });
const mail = t.String({ maxLength: 200 });
const code = t.String({ maxLength: 20 });

export const securityDomain = domain("security", [
  // Forgotten password: nobody is signed in.
  route("/user/reset/send", { access: "session", body: t.Object({ phone }) }, ({ ctx, input }) => sendResetCode({ ctx, input })),
  route("/user/reset/password", { access: "session", body: t.Object({ phone, auth: code, password: md5Password }) }, ({ ctx, input }) =>
    resetPassword({ ctx, input }),
  ),
  route("/user/password/send", { access: "user" }, ({ ctx }) => sendPasswordCode({ ctx })),
  route("/user/password/update", { access: "user", body: t.Object({ auth: code, password: md5Password }) }, ({ ctx, input }) =>
    updatePassword({ ctx, input }),
  ),
  route("/user/check/send", { access: "user", body: t.Object({ phone }) }, ({ ctx, input }) =>
    sendContactCode("phone", { ctx, input: { value: input.phone } }),
  ),
  route("/user/phone/update", { access: "user", body: t.Object({ auth: code, phone, old: phone }) }, ({ ctx, input }) =>
    updateContact("phone", { ctx, input: { auth: input.auth, value: input.phone, old: input.old } }),
  ),
  route("/user/mail/send", { access: "user", body: t.Object({ mail }) }, ({ ctx, input }) =>
    sendContactCode("mail", { ctx, input: { value: input.mail } }),
  ),
  route("/user/mail/update", { access: "user", body: t.Object({ auth: code, mail, old: mail }) }, ({ ctx, input }) =>
    updateContact("mail", { ctx, input: { auth: input.auth, value: input.mail, old: input.old } }),
  ),
]);
