import { t } from "elysia";
import { PASSWORD_DIGEST_PATTERN } from "../../protocol/password";
import { domain, route } from "../../http/route";
import { profileValues } from "../account/routes";
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

// Formats are checked by the verbs, so a wrong phone or e-mail answers with the field it names.
const phone = t.String({ maxLength: 40 });
const mail = t.String({ maxLength: 200 });
const code = t.String({ maxLength: 20 });
/** MD5 of the password, as the client sends every password (spec 1 section 5). */
export const md5Password = t.String({ pattern: PASSWORD_DIGEST_PATTERN });
const noMail = { employees: t.String({ maxLength: 50 }), password: md5Password, mail };

// All "session": the member cannot sign in before activation finishes.
export const activationDomain = domain("activation", [
  route("/active/mode", { access: "session" }, ({ ctx }) => activationMode({ ctx })),
  route("/active/sms/send", { access: "session", body: t.Object({ phone }) }, ({ ctx, input }) => sendActivationSms({ ctx, input })),
  route("/active/mail/send", { access: "session", body: t.Object({ mail }) }, ({ ctx, input }) => sendActivationMail({ ctx, input })),
  route("/active/none/mail/send", { access: "session", body: t.Object(noMail) }, ({ ctx, input }) => sendNoMailCode({ ctx, input })),
  route(
    "/active/login",
    { access: "session", body: t.Object({ phone: t.Optional(phone), mail: t.Optional(mail), auth: code }) },
    ({ ctx, input }) => activationLogin({ ctx, input }),
  ),
  route("/active/none/mail/login", { access: "session", body: t.Object({ ...noMail, auth: code }) }, ({ ctx, input }) =>
    noMailLogin({ ctx, input }),
  ),
  route("/active/language", { access: "session", body: t.Object({ user: t.Integer(), language: t.Integer() }) }, ({ ctx, input }) =>
    activationLanguage({ ctx, input }),
  ),
  route("/user/sms/send", { access: "session", body: t.Object({ user: t.Integer(), phone }) }, ({ ctx, input }) =>
    sendProfilePhoneCode({ ctx, input }),
  ),
  route(
    "/active/submit",
    {
      access: "session",
      body: t.Object({
        user: t.Integer(),
        password: md5Password,
        nationality: t.Integer(),
        values: profileValues,
        phone: t.Optional(phone),
        auth: t.Optional(code),
      }),
    },
    ({ ctx, input }) => submitActivation({ ctx, input }),
  ),
]);
