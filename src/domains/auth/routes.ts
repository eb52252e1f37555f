import { command, domain, query } from "../../http/kit";
import { login, loginDates, loginInput, logout, reload } from "./service";

export const authDomain = domain("auth", [
  command("/client/login/check", { access: "session", input: loginInput }, login),
  command("/client/login/logout", { access: "session" }, logout),
  query("/client/login/reload", { access: "session" }, reload),
  query("/user/reload", { access: "user" }, reload),
  query("/system/login/log", { access: "user" }, loginDates),
]);
