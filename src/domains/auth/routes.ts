import { t } from "elysia";
import { domain, route } from "../../http/route";
import { PASSWORD_DIGEST_PATTERN } from "../../protocol/password";
import { login, logout, reload } from "./service";

export const loginBody = t.Object({
  account: t.String({ minLength: 1, maxLength: 100 }),
  // The client sends MD5(password) as 32 hex digits (spec 1 section 5).
  password: t.String({ pattern: PASSWORD_DIGEST_PATTERN }),
  auth: t.String({ minLength: 6, maxLength: 6 }),
});

export const authDomain = domain("auth", [
  route("/client/login/check", { access: "session", body: loginBody }, ({ ctx, input }) => login({ ctx, input })),
  route("/client/login/logout", { access: "session" }, ({ ctx }) => logout({ ctx })),
  route("/client/login/reload", { access: "session" }, ({ ctx }) => reload({ ctx })),
  route("/user/reload", { access: "user" }, ({ ctx }) => reload({ ctx })),
]);
