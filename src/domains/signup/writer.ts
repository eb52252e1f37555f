// The order writer: orders of one or more units (sign-ups, checkouts of the
// trolley), a batch at a time in the caller's transaction (the queue of a hot
// activity; an order written alone is a batch of one). Set-based: every
// counter row the batch names is locked once, in one order (./places.ts),
// with the seats taken and the points held; each order is then judged in
// turn, in memory, exactly as if it had been written alone (seats, places,
// the state as committed, points), and refused alone; then what the accepted
// orders took and their rows are written with one statement per kind of row.
// The unique seat indexes still make a second order of one member or family
// member impossible (./queue.ts names them): one broken by another instance
// fails the batch, which the kit then writes one by one.
import { sql } from "drizzle-orm";
import { addresses, cartRows, orderFamilies, orderItems, orders } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import type { Outcome } from "../../http/runner";
import { ACTIVITY_STATE, ORDER_STATE, SEND_STATE } from "../../protocol/enumerations";
import { DomainError, refuse } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { newTrade, recordPayments } from "../payment/create";
import { lockLots, type SpentPart } from "../points/ledger";
import { isoOf } from "../shared/fields";
import { type Charge, PAY_WINDOW_MS } from "./charge";
import type { CheckedDraft } from "./draft";
import type { Loaded } from "./loaded";
import { claimOf, liveSeats, lockPlaces } from "./places";
import { lockOffers, offersUsed } from "./waitlist";

/** One unit of an order: a checked draft, what it costs, the seconds its questionnaire took. */
export type Unit = { draft: CheckedDraft; charge: Charge; time: number | null };

type AddressRow = typeof addresses.$inferSelect;

/** An order to write: its units, where it is sent, whether points were chosen, its trade prefix, the trolley rows it empties. */
export type OrderPlan = { units: readonly Unit[]; address: AddressRow | null; deducted: boolean; prefix: string; cartRows?: readonly number[] };

const joined = (units: readonly Unit[], pick: (a: Loaded["activity"]) => string, separator: string) =>
  [...new Set(units.map((u) => pick(u.draft.loaded.activity)))].join(separator);

type Accepted = { index: number; ctx: CommandCtx<MemberCtx>; plan: OrderPlan; trade: string; seqs: number[]; pointParts: SpentPart[]; state: number; paying: boolean; expiresAt: Date | null; names: { zh: string; en: string } };

/**
 * Writes a batch of orders in the caller's transaction (each item's ctx holds
 * it), each accepted or refused alone, in the order given. Returns each one's
 * outcome: the order written, or its refusal naming the activity refused.
 */
export async function placeOrders(items: readonly { ctx: CommandCtx<MemberCtx>; plan: OrderPlan }[]): Promise<Outcome<Placed>[]> {
  if (items.length === 0) return [];
  const head = items[0]!.ctx;
  await head.app.hooks.beforeTake?.();
  const places = await lockPlaces(head, items.flatMap(({ plan }) => plan.units.map((u) => claimOf(u.draft))));
  const userIds = items.map(({ ctx }) => ctx.actor.id);
  const seats = await liveSeats(head, [...new Set(items.flatMap((i) => i.plan.units.map((u) => u.draft.loaded.activity.id)))], userIds);
  const spenders = items.filter(({ plan }) => plan.units.some((u) => u.charge.points > 0)).map(({ ctx }) => ctx.actor.id);
  const lots = await lockLots(head, spenders);
  // Waiting-list offers the sign-ups name, locked after every counter row (the one lock order); none: no statement.
  const offerIds = items.flatMap(({ plan }) => plan.units.flatMap((u) => (u.draft.offer === null ? [] : [u.draft.offer])));
  const offers = await lockOffers(head, offerIds);
  const spentOffers = new Set<number>();
  /** Seats of one-per-member teams and family members taken in this batch (the indexes hold them against the stored ones). */
  const teamSeats = new Set<string>();
  const identities = new Set<string>();

  const refused = new Map<number, DomainError>();
  const accepted: Accepted[] = [];
  for (const [index, { ctx, plan }] of items.entries()) {
    try {
      accepted.push({ index, ctx, plan, ...judge(ctx, plan) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused.set(index, error);
    }
  }

  /** One order judged against what the batch left: refused (thrown) or taken, in memory. */
  function judge(ctx: CommandCtx<MemberCtx>, plan: OrderPlan) {
    const { units } = plan;
    const userId = ctx.actor.id;
    // Each unit holds its own seat: an activity's units take that many free order numbers.
    const seqs: number[] = [];
    const mine = new Map<string, number[]>();
    for (const u of units) {
      const a = u.draft.loaded.activity;
      const offer = u.draft.offer === null ? null : offers.get(u.draft.offer);
      // The offer expired, went to the next in line, or was already used by this batch: its hold is not this sign-up's.
      if (u.draft.offer !== null && (!offer || offer.userId !== userId || offer.activityId !== a.id || spentOffers.has(u.draft.offer)))
        refuse("ERROR_WAITLIST_OFFER_EXPIRED", { activity: a.id });
      const key = `${a.id}:${userId}:${u.draft.standing.cycle}`;
      if (!mine.has(key)) {
        const used = seats.get(key) ?? new Set<number>();
        const want = units.filter((v) => v.draft.loaded.activity.id === a.id).length;
        const free: number[] = [];
        for (let seq = 1; seq <= a.formCount && free.length < want; seq++) if (!used.has(seq)) free.push(seq);
        if (free.length < want) refuse("ERROR_SIGN_FINISH", { activity: a.id });
        mine.set(key, free);
      }
      seqs.push(mine.get(key)!.shift()!);
      const team = u.draft.loaded.team;
      if (team?.signOnly && teamSeats.has(`${team.id}:${userId}`)) refuse("ERROR_SIGN_FINISH", { activity: a.id });
      for (const k of u.draft.kin) if (identities.has(`${a.id}:${k.kin.identity.toUpperCase()}`)) refuse("ERROR_SIGN_FAMILY", { activity: a.id });
    }
    const claims = units.map((u) => claimOf(u.draft));
    const full = places.refusal(claims);
    if (full) {
      const refused = units[full.claim]!.draft.loaded.activity;
      return refuse(full.code, { activity: refused.id });
    }
    // The state as committed now (the row is locked): a sign-up checked before a publish, a revert or taking
    // offline is refused, never written as the wrong kind of order (a preview order on a published activity).
    const moved = units.find((u) => places.activity(u.draft.loaded.activity.id)?.state !== u.draft.loaded.activity.state);
    if (moved) return refuse("ERROR_SIGN_PARAMS", { activity: moved.draft.loaded.activity.id, field: "state" });

    const names = { zh: joined(units, (a) => a.nameZh, "、"), en: joined(units, (a) => a.nameEn, ", ") };
    const points = units.reduce((n, u) => n + u.charge.points, 0);
    const pointParts = lots.spend(userId, points, { descZh: `报名：${names.zh}`, descEn: `Sign-up: ${names.en}` });
    if (pointParts === null) {
      const must = units.find((u) => u.draft.loaded.activity.mustIntegral && u.charge.points > 0);
      return refuse(must ? "ERROR_SIGN_INTEGRAL" : "ERROR_SIGN_DEDUCTION");
    }

    // Accepted: what it took is the batch's now.
    places.take(claims);
    for (const u of units) if (u.draft.offer !== null) spentOffers.add(u.draft.offer);
    for (const [n, u] of units.entries()) {
      const key = `${u.draft.loaded.activity.id}:${userId}:${u.draft.standing.cycle}`;
      seats.set(key, (seats.get(key) ?? new Set<number>()).add(seqs[n]!));
      const team = u.draft.loaded.team;
      if (team?.signOnly) teamSeats.add(`${team.id}:${userId}`);
      for (const k of u.draft.kin) identities.add(`${u.draft.loaded.activity.id}:${k.kin.identity.toUpperCase()}`);
    }
    // An activity in preview makes preview orders (deleted when it goes live); a checkout never mixes the two (src/domains/cart).
    const preview = units.every((u) => u.draft.loaded.activity.state === ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW);
    const amount = units.reduce((n, u) => n + u.charge.amount, 0);
    const paying = amount > 0 && !preview;
    const state = preview ? ORDER_STATE.ORDER_STATE_PREVIEW : paying ? ORDER_STATE.ORDER_STATE_WAIT : ORDER_STATE.ORDER_STATE_SUCCESS;
    return { trade: newTrade(plan.prefix, ctx.now), seqs, pointParts, state, paying, expiresAt: paying ? new Date(ctx.now.getTime() + PAY_WINDOW_MS) : null, names };
  }

  // Activities filled by this batch are answered "full" from memory once it has committed (./sold-out.ts).
  const filled = [...new Set(items.flatMap(({ plan }) => plan.units.map((u) => u.draft.loaded.activity.id)))].filter((id) => {
    const a = places.activity(id);
    return a !== null && a.cap !== null && a.used >= a.cap;
  });
  if (filled.length > 0) head.afterCommit(async (ctx) => filled.forEach((id) => ctx.app.soldOut.remember(id, ctx.now)));
  if (accepted.length > 0) {
    await places.write();
    await lots.write();
  }
  const written = accepted.length > 0 ? await writeRows(head, accepted) : new Map<number, Placed>();
  if (spentOffers.size > 0) {
    const used = accepted.flatMap(({ index, plan }) =>
      plan.units.flatMap((u) => (u.draft.offer === null ? [] : [{ id: u.draft.offer, orderId: written.get(index)!.order, places: u.draft.places, activityId: u.draft.loaded.activity.id }])),
    );
    await offersUsed(head, used);
  }
  return items.map((_, index): Outcome<Placed> => {
    const refusal = refused.get(index);
    return refusal ? { ok: false, error: refusal } : { ok: true, answer: written.get(index)! };
  });
}

/** The accepted orders' rows: orders, their items, family members, payments; the trolley rows they empty. */
async function writeRows(head: CommandCtx<MemberCtx>, accepted: readonly Accepted[]) {
  const { db } = head;
  const orderRows = await db
    .insert(orders)
    .values(
      accepted.map(({ ctx, plan, trade, pointParts, state, paying, expiresAt }) => {
        const { units, address } = plan;
        return {
          trade,
          userId: ctx.actor.id,
          state,
          sendState: SEND_STATE.SEND_STATE_WAIT,
          price: units.reduce((n, u) => n + u.draft.loaded.activity.price, 0),
          amount: units.reduce((n, u) => n + u.charge.amount, 0),
          points: units.reduce((n, u) => n + u.charge.points, 0),
          deducted: plan.deducted,
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
        };
      }),
    )
    .returning({ id: orders.id, trade: orders.trade });
  const orderId = new Map(orderRows.map((o) => [o.trade, o.id]));
  const itemRows = await db
    .insert(orderItems)
    .values(
      accepted.flatMap(({ ctx, plan, trade, seqs, state }) =>
        plan.units.map((u, n) => {
          const { draft, time } = u;
          const claim = claimOf(u.draft);
          return {
            orderId: orderId.get(trade)!,
            childTrade: `${trade}-${n + 1}`,
            userId: ctx.actor.id,
            activityId: draft.loaded.activity.id,
            teamId: claim.teamId,
            teamSeat: draft.loaded.team?.signOnly ? draft.loaded.team.id : null,
            cycle: draft.standing.cycle,
            seq: seqs[n]!,
            places: draft.places,
            state,
            properties: draft.propertyValues,
            quests: draft.quiz?.values ?? [],
            takes: { options: claim.options, gifts: claim.gifts },
            score: draft.quiz?.score ?? null,
            time,
            createdAt: ctx.now,
          };
        }),
      ),
    )
    .returning({ id: orderItems.id, childTrade: orderItems.childTrade });
  const itemId = new Map(itemRows.map((i) => [i.childTrade, i.id]));
  const carried = accepted.flatMap(({ plan, trade, state }) =>
    plan.units.flatMap(({ draft }, n) =>
      draft.kin.map(({ kin: k, rule, gift }) => ({
        itemId: itemId.get(`${trade}-${n + 1}`)!,
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
    ),
  );
  if (carried.length > 0) await db.insert(orderFamilies).values(carried);
  const paying = accepted.filter((a) => a.paying);
  if (paying.length > 0)
    await recordPayments(
      head,
      paying.map(({ ctx, plan, trade, expiresAt, names }) => ({
        trade,
        kind: "order",
        refId: orderId.get(trade)!,
        userId: ctx.actor.id,
        subject: `${names.zh} / ${names.en}`.slice(0, 200),
        amount: plan.units.reduce((n, u) => n + u.charge.amount, 0),
        expiresAt: expiresAt!,
      })),
    );
  // Only the rows that were checked out: a row added meanwhile stays.
  const emptied = accepted.flatMap((a) => (a.plan.cartRows ?? []).map((id) => sql`(${id}::int, ${a.ctx.actor.id}::int)`));
  if (emptied.length > 0) await db.delete(cartRows).where(sql`(${cartRows.id}, ${cartRows.userId}) in (${sql.join(emptied, sql`, `)})`);

  const placed = new Map<number, Placed>();
  for (const { index, plan, trade, state, expiresAt } of accepted) {
    const id = orderId.get(trade)!;
    const amount = plan.units.reduce((n, u) => n + u.charge.amount, 0);
    placed.set(index, { trade, order: id, state: { id: state }, amount, expires: isoOf(expiresAt), audit: { entity: "order", id, detail: trade } });
  }
  return placed;
}

export type Placed = { trade: string; order: number; state: { id: number }; amount: number; expires: string | null; audit: { entity: string; id: number; detail: string } };

/** One order written alone (a batch of one): its refusal thrown. */
export async function placeOrder(ctx: CommandCtx<MemberCtx>, plan: OrderPlan): Promise<Placed> {
  const [outcome] = await placeOrders([{ ctx, plan }]);
  if (!outcome!.ok) throw outcome!.error;
  return outcome!.answer;
}
