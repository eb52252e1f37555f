import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { passwordField } from "../shared/fields";
import { login, loginDates, logout, reload } from "./service";

export const loginInput = t.Object({
  account: t.String({ minLength: 1, maxLength: 100 }),
  // The client sends MD5(password) as 32 hex digits (spec 1 section 5).
  password: passwordField,
  auth: t.String({ minLength: 6, maxLength: 6 }),
});

export const authDomain = domain("auth", [
  command("/client/login/check", { access: "session", input: loginInput }, login),
  command("/client/login/logout", { access: "session" }, logout),
  query("/client/login/reload", { access: "session" }, reload),
  query("/user/reload", { access: "user" }, reload),
  query("/system/login/log", { access: "user" }, loginDates),
]);
