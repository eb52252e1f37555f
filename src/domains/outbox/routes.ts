import { t } from "elysia";
import { domain, route } from "../../http/route";
import { listOutbox } from "./service";

export const outboxDomain = domain("outbox", [
  route("/system/outbox/list", { access: "FUNCTION_SYSTEM_PAGE", body: t.Object({ index: t.Optional(t.Integer()) }) }, ({ ctx, input }) =>
    listOutbox({ ctx, input }),
  ),
]);
