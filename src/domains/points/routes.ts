import { t } from "elysia";
import { domain, route } from "../../http/route";
import { listPoints, pointsBalance } from "./service";

const time = t.Optional(t.String({ maxLength: 40 }));

export const pointsDomain = domain("points", [
  route(
    "/user/integral/list",
    {
      access: "user",
      body: t.Object({ type: t.Optional(t.Union([t.Integer(), t.Null()])), start: time, end: time, index: t.Optional(t.Integer()) }),
    },
    ({ ctx, input }) => listPoints({ ctx, input }),
  ),
  route("/user/integral/balance", { access: "user" }, ({ ctx }) => pointsBalance({ ctx })),
]);
