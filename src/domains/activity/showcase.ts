// The home page's module buttons (spec 2 section 2): the module filling a
// showcase (MODULE_SHOW: gift zone, group buy, clubs), which an editor sets
// with /activity/module/show. Only modules the member may see count.
import { eq } from "drizzle-orm";
import { modules } from "../../db/schema";
import { MODULE_SHOW } from "../../protocol/enumerations";
import type { MemberCtx } from "../context";
import { moduleView, visibleModules } from "./catalogue";
import { memberOf } from "../signup";

async function showcaseModule(ctx: MemberCtx, type: number) {
  const member = await memberOf(ctx, ctx.actor);
  // Newest year first: a showcase moved to next year's module without clearing last year's shows the new one.
  const [m] = await visibleModules(ctx, member, eq(modules.showTitle, type));
  return m ?? null;
}

/** The id of the module filling a showcase, or null when none does. */
export async function showcaseTitle({ ctx, input }: { ctx: MemberCtx; input: { type: number } }) {
  return { id: (await showcaseModule(ctx, input.type))?.id ?? null };
}

/** The clubs' module (showTitle MODULE_SHOW_CLUB), or null. */
export async function clubModule({ ctx }: { ctx: MemberCtx }) {
  const m = await showcaseModule(ctx, MODULE_SHOW.MODULE_SHOW_CLUB);
  return { module: m ? moduleView(ctx, m) : null };
}
