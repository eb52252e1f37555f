// The templates and signs bulk SMS offers (spec 3 section 2.4): read from
// the SMS provider (the gateway, or the embedded default's set), after the
// command's commit, never inside a transaction. Only approved signs with an
// order are offered; templates without an order are hidden; both in their order.
import { AUDIT_STATE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { SmsCatalogue } from "../../providers/sms";
import { log } from "../../log";
import type { Ctx } from "../context";

async function catalogueOf(ctx: Pick<Ctx, "app">): Promise<SmsCatalogue> {
  try {
    return await ctx.app.providers.sms.catalogue();
  } catch (error) {
    log.warn(`SMS templates and signs could not be read from ${ctx.app.providers.sms.name}: ${(error as Error).message}`);
    refuse("ERROR_BUSY", { reason: "sms" });
  }
}

const byOrder = (a: { order: number | null }, b: { order: number | null }) => a.order! - b.order!;

/** POST /user/operation/sms/template → list: every template with an order (the table pages them by 25). */
export async function smsTemplates({ ctx }: { ctx: Ctx }) {
  const { templates } = await catalogueOf(ctx);
  const list = templates
    .filter((t) => t.order !== null)
    .sort(byOrder)
    .map((t) => ({ name: t.name, code: t.code, content: t.content, status: t.status, date: t.date ? t.date.toISOString() : null, order: t.order }));
  return { list };
}

/** POST /user/operation/sms/sign → list: approved signs with an order. */
export async function smsSigns({ ctx }: { ctx: Ctx }) {
  const { signs } = await catalogueOf(ctx);
  const list = signs
    .filter((s) => s.status === AUDIT_STATE.AUDIT_STATE_PASS && s.order !== null)
    .sort(byOrder)
    .map((s) => ({ sign: s.sign, order: s.order, status: s.status }));
  return { list };
}
