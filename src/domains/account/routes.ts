import { t } from "elysia";
import { domain, route } from "../../http/route";
import { setLanguage } from "./service";

export const accountDomain = domain("account", [
  route("/user/language", { access: "user", body: t.Object({ language: t.Integer() }) }, ({ ctx, input }) =>
    setLanguage({ ctx, input }),
  ),
]);
