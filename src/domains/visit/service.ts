// The page-visit report of spec 1 section 2: every guarded page reports
// itself; the answer tells the browser whether the membership rules stop
// the member (pushed to the dues prompt, or shown it).
import { visitLog } from "../../db/schema";
import type { Ctx, MemberCtx } from "../context";
import { DomainError, refused } from "../../protocol/result";
import { PAGE } from "../../protocol/enumerations";
import { duesConfig, membershipConditions } from "../membership/dues";

const PAGES = new Set<number>(Object.values(PAGE));

export async function reportVisit({ ctx, input }: { ctx: MemberCtx; input: { params?: string; page: number } }) {
  if (!PAGES.has(input.page)) throw new DomainError("ERROR_PARAMS", { field: "page" });
  const userId = ctx.actor.id;
  await ctx.db.insert(visitLog).values({ userId, page: input.page, params: input.params ?? null, ip: ctx.ip, createdAt: ctx.now });
  const config = await duesConfig(ctx);
  const { indexOnly, cantSign } = await membershipConditions(ctx, userId, config);
  // Index-only members may stay on the home page; anywhere else they are sent to pay.
  if (indexOnly && input.page !== PAGE.PAGE_INDEX) return refused("MEMBER_INTERCEPT_ADOPT");
  if (cantSign) return refused("MEMBER_INTERCEPT_NO_POWER");
  return {};
}
