// The sign-up writer: one order of one or more units (a sign-up, or a
// checkout of the trolley) in the caller's transaction, all or nothing.
// Seats first (the member's free order numbers), then the places by
// conditional updates in one fixed order (./places.ts), then the points,
// then the rows, whose unique seat indexes make a second order of the same
// member or family member impossible (./queue.ts names them). A paid order
// waits PAY_WINDOW_MS for its payment, recorded here and asked of the
// provider after the commit.
import { and, eq, inArray, ne } from "drizzle-orm";
import { activities, addresses, orderFamilies, orderItems, orders } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { ACTIVITY_STATE, ORDER_STATE, SEND_STATE } from "../../protocol/enumerations";
import type { MemberCtx } from "../context";
import { newTrade, recordPayment } from "../payment/create";
import { spendPoints } from "../points/ledger";
import { isoOf } from "../shared/fields";
import { type Charge, PAY_WINDOW_MS } from "./charge";
import type { CheckedDraft } from "./draft";
import type { Loaded } from "./loaded";
import { type Claim, takeAll } from "./places";
import { refuse } from "./refuse";

/** The member's order numbers still free in 1..formCount, `n` of them (a race for the same one meets the unique index). */
async function freeSeqs(ctx: MemberCtx, loaded: Loaded, cycle: number, n: number): Promise<number[]> {
  const taken = await ctx.db
    .select({ seq: orderItems.seq })
    .from(orderItems)
    .where(and(eq(orderItems.activityId, loaded.activity.id), eq(orderItems.userId, ctx.actor.id), eq(orderItems.cycle, cycle), ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL)));
  const used = new Set(taken.map((t) => t.seq));
  const free: number[] = [];
  for (let seq = 1; seq <= loaded.activity.formCount && free.length < n; seq++) if (!used.has(seq)) free.push(seq);
  return free.length === n ? free : refuse("ERROR_SIGN_FINISH", { activity: loaded.activity.id });
}

/** One unit of an order: a checked draft, what it costs, the seconds its questionnaire took. */
export type Unit = { draft: CheckedDraft; charge: Charge; time: number | null };

type AddressRow = typeof addresses.$inferSelect;

const joined = (units: readonly Unit[], pick: (a: Loaded["activity"]) => string, separator: string) =>
  [...new Set(units.map((u) => pick(u.draft.loaded.activity)))].join(separator);

/**
 * Writes one order of one or more units (a sign-up, or a checkout of the
 * trolley), all or nothing: seats, then places (one conditional update per
 * row, in one order), then points, then the rows. A refusal names the
 * activity whose unit was refused.
 */
export async function placeOrder(ctx: CommandCtx<MemberCtx>, args: { units: readonly Unit[]; address: AddressRow | null; deducted: boolean; prefix: string }) {
  const { units, address } = args;
  // Each unit holds its own seat: an activity's units take that many free order numbers.
  const seqs = new Map<number, number[]>();
  for (const u of units) {
    const a = u.draft.loaded.activity;
    if (!seqs.has(a.id)) seqs.set(a.id, await freeSeqs(ctx, u.draft.loaded, u.draft.standing.cycle, units.filter((v) => v.draft.loaded.activity.id === a.id).length));
  }
  const claims: Claim[] = units.map(({ draft }) => {
    const { loaded, standing, quiz, kin, places } = draft;
    const team = loaded.team;
    return {
      activityId: loaded.activity.id,
      teamId: team && team.cap !== null ? team.id : null,
      places,
      cycle: loaded.activity.hasCycle ? { number: standing.cycle, cap: loaded.activity.cycleCount } : null,
      options: quiz?.taken ?? [],
      gifts: kin.flatMap((k) => (k.gift === null ? [] : [k.gift])),
    };
  });
  await ctx.app.hooks.beforeTake?.();
  const full = await takeAll(ctx, claims);
  if (full) {
    const refused = units[full.claim]!.draft.loaded.activity;
    // The activity's own cap refused (not a team's or a cycle's, whose places come back without its version moving).
    if (full.code === "ERROR_SIGN_FULL" && refused.cap !== null) await ctx.app.soldOut.rememberIfCapReached(ctx, refused.id);
    return refuse(full.code, { activity: refused.id });
  }
  // The state as committed now (the take locked the row): a sign-up checked before a publish, a revert or
  // taking offline is refused, never written as the wrong kind of order (a preview order on a published activity).
  const ids = [...new Set(units.map((u) => u.draft.loaded.activity.id))];
  const states = await ctx.db.select({ id: activities.id, state: activities.state }).from(activities).where(inArray(activities.id, ids));
  const moved = units.find((u) => states.find((s) => s.id === u.draft.loaded.activity.id)?.state !== u.draft.loaded.activity.state);
  if (moved) return refuse("ERROR_SIGN_PARAMS", { activity: moved.draft.loaded.activity.id, field: "state" });

  const trade = newTrade(args.prefix, ctx.now);
  const price = units.reduce((n, u) => n + u.draft.loaded.activity.price, 0);
  const amount = units.reduce((n, u) => n + u.charge.amount, 0);
  const points = units.reduce((n, u) => n + u.charge.points, 0);
  const names = { zh: joined(units, (a) => a.nameZh, "、"), en: joined(units, (a) => a.nameEn, ", ") };
  const note = { descZh: `报名：${names.zh}`, descEn: `Sign-up: ${names.en}` };
  const pointParts = points > 0 ? await spendPoints(ctx, { userId: ctx.actor.id, amount: points, note }) : [];
  if (pointParts === null) {
    const must = units.find((u) => u.draft.loaded.activity.mustIntegral && u.charge.points > 0);
    return refuse(must ? "ERROR_SIGN_INTEGRAL" : "ERROR_SIGN_DEDUCTION");
  }

  // An activity in preview makes preview orders (deleted when it goes live); a checkout never mixes the two (src/domains/cart).
  const preview = units.every((u) => u.draft.loaded.activity.state === ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW);
  const paying = amount > 0 && !preview;
  const state = preview ? ORDER_STATE.ORDER_STATE_PREVIEW : paying ? ORDER_STATE.ORDER_STATE_WAIT : ORDER_STATE.ORDER_STATE_SUCCESS;
  const expiresAt = paying ? new Date(ctx.now.getTime() + PAY_WINDOW_MS) : null;
  const [order] = await ctx.db
    .insert(orders)
    .values({
      trade,
      userId: ctx.actor.id,
      state,
      sendState: SEND_STATE.SEND_STATE_WAIT,
      price,
      amount,
      points,
      deducted: args.deducted,
      pointParts,
      liaison: address?.name ?? null,
      phone: address?.phone ?? null,
      address0: address?.address0 ?? null,
      address1: address?.address1 ?? null,
      address2: address?.address2 ?? null,
      address3: address?.address3 ?? null,
      addressInfo: address?.info ?? null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
      expiresAt,
      payDate: paying ? null : ctx.now,
    })
    .returning({ id: orders.id });
  const items = await ctx.db
    .insert(orderItems)
    .values(
      units.map(({ draft, time }, n) => {
        const a = draft.loaded.activity;
        return {
          orderId: order!.id,
          childTrade: `${trade}-${n + 1}`,
          userId: ctx.actor.id,
          activityId: a.id,
          teamId: claims[n]!.teamId,
          teamSeat: draft.loaded.team?.signOnly ? draft.loaded.team.id : null,
          cycle: draft.standing.cycle,
          seq: seqs.get(a.id)!.shift()!,
          places: draft.places,
          state,
          properties: draft.propertyValues,
          quests: draft.quiz?.values ?? [],
          takes: { options: claims[n]!.options, gifts: claims[n]!.gifts },
          score: draft.quiz?.score ?? null,
          time,
          createdAt: ctx.now,
        };
      }),
    )
    .returning({ id: orderItems.id });
  const carried = units.flatMap(({ draft }, n) =>
    draft.kin.map(({ kin: k, rule, gift }) => ({
      itemId: items[n]!.id,
      activityId: draft.loaded.activity.id,
      familyId: k.id,
      ruleId: rule.id,
      giftId: gift,
      name: k.name,
      identity: k.identity.toUpperCase(),
      idType: k.idType,
      relationId: k.relationId,
      sex: k.sex,
      birthday: k.birthday,
      phone: k.phone,
      counted: rule.calCount,
      state,
    })),
  );
  if (carried.length > 0) await ctx.db.insert(orderFamilies).values(carried);
  if (paying)
    await recordPayment(ctx, { trade, kind: "order", refId: order!.id, userId: ctx.actor.id, subject: `${names.zh} / ${names.en}`.slice(0, 200), amount, expiresAt: expiresAt! });

  return { trade, order: order!.id, state: { id: state }, amount, expires: isoOf(expiresAt), audit: { entity: "order", id: order!.id, detail: trade } };
}

