import { t } from "elysia";
import { domain, route } from "../../http/route";
import { reportVisit } from "./service";

export const visitDomain = domain("visit", [
  route("/system/visit", { access: "user", body: t.Object({ params: t.Optional(t.String({ maxLength: 2000 })), page: t.Integer() }) }, ({ ctx, input }) =>
    reportVisit({ ctx, input }),
  ),
]);
