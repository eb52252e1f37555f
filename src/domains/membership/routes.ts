import { t } from "elysia";
import { domain, route } from "../../http/route";
import { listDues, memberCheck, memberInfo, payDues, payState } from "./service";

const time = t.Optional(t.String({ maxLength: 40 }));

export const membershipDomain = domain("membership", [
  route("/member/info", { access: "user" }, ({ ctx }) => memberInfo({ ctx })),
  route("/member/check", { access: "user" }, ({ ctx }) => memberCheck({ ctx })),
  route(
    "/member/list",
    {
      access: "user",
      body: t.Object({
        trade: t.Optional(t.String({ maxLength: 64 })),
        state: t.Optional(t.Union([t.Integer(), t.Null()])),
        start: time,
        end: time,
        index: t.Optional(t.Integer()),
      }),
    },
    ({ ctx, input }) => listDues({ ctx, input }),
  ),
  route("/member/pay", { access: "user" }, ({ ctx }) => payDues({ ctx })),
  route("/member/pay/state", { access: "user", body: t.Object({ trade: t.String({ minLength: 1, maxLength: 64 }) }) }, ({ ctx, input }) =>
    payState({ ctx, input }),
  ),
]);
