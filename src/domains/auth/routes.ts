import { command, domain, query } from "../../http/kit";
import { secondCode, secondCodeInput, secondPasskey, secondPasskeyInput, secondPasskeyOptions } from "./second-step";
import { checkLogin, login, loginDates, loginInput, logout, prepareLogin, reload } from "./service";

export const authDomain = domain("auth", [
  command(
    "/client/login/check",
    // A sign-in waits for its hash in the password line (decision 87), not in the instance's admission.
    { access: "session", input: loginInput, ownLine: true, prepare: prepareLogin, then: ({ ctx, input, result, prepared }) => checkLogin({ ctx, input, result, ticket: prepared }) },
    login,
  ),
  // Issue 31: the second factor after the password, on the same session.
  command("/client/login/second", { access: "session", input: secondCodeInput }, secondCode),
  command("/client/login/passkey/options", { access: "session" }, secondPasskeyOptions),
  command("/client/login/passkey", { access: "session", input: secondPasskeyInput }, secondPasskey),
  command("/client/login/logout", { access: "session" }, logout),
  query("/client/login/reload", { access: "session" }, reload),
  query("/user/reload", { access: "user" }, reload),
  query("/system/login/log", { access: "user" }, loginDates),
]);
