// Gifts a relationship rule offers (spec 3 sections 2.2 "Gift manager", 3
// "Gift", 5 "Gift"): the manager's search and its create-or-edit, and
// /activity/check/family (spec 2 section 7), which tells a member whether a
// family member of theirs is carried by a live sign-up.
import { Type as t } from "@sinclair/typebox";
import { and, asc, eq, ilike, ne, or } from "drizzle-orm";
import { activities, families, gifts, orderFamilies } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { ORDER_STATE } from "../../protocol/enumerations";
import { refuse, refuseField } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { isImagePath } from "../file/service";
import { idField } from "../shared/fields";
import { left } from "../signup";
import { likeText } from "./editor-options";
import { countOf, labelOf } from "./editor-rules";
import { typedNumber } from "./editor-input";

/** The manager lists this many at most. */
export const GIFT_FIND_LIMIT = 50;

export const giftFindInput = t.Object({ name: t.String({ maxLength: 100 }) });
export const giftSaveInput = t.Object({
  gift: t.Object({
    id: t.Optional(idField),
    nameZh: t.String({ maxLength: 200 }),
    nameEn: t.String({ maxLength: 200 }),
    /** A number or empty (no limit): "库存请填写数字或不填". */
    stock: t.Optional(typedNumber),
    /** Absent or null: no image. */
    face: t.Optional(t.Union([t.String({ maxLength: 300 }), t.Null()])),
  }),
});

const giftView = (g: typeof gifts.$inferSelect) => ({ id: g.id, nameZh: g.nameZh, nameEn: g.nameEn, stock: g.cap, form: g.used, remaining: left(g.cap, g.used), face: g.face });

/** /gift/find: gifts whose Chinese or English name contains the text (all when empty), by name. */
export async function findGifts({ ctx, input }: { ctx: MemberCtx; input: typeof giftFindInput.static }) {
  const name = input.name.trim();
  const rows = await ctx.db
    .select()
    .from(gifts)
    .where(name ? or(ilike(gifts.nameZh, likeText(name)), ilike(gifts.nameEn, likeText(name))) : undefined)
    .orderBy(asc(gifts.nameZh), asc(gifts.id))
    .limit(GIFT_FIND_LIMIT);
  return { list: rows.map(giftView) };
}

/** /gift/save: a new gift, or an existing one changed; its stock never below what members already chose. */
export async function saveGift({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof giftSaveInput.static }) {
  const g = input.gift;
  const fields = {
    nameZh: labelOf(g.nameZh, "nameZh"),
    nameEn: labelOf(g.nameEn, "nameEn"),
    cap: countOf(g.stock ?? null, "stock", { empty: true }),
    face: g.face ?? null,
  };
  if (fields.face !== null && !isImagePath(fields.face)) refuseField("face");
  let row: typeof gifts.$inferSelect;
  if (g.id === undefined) {
    [row] = (await ctx.db.insert(gifts).values(fields).returning()) as [typeof row];
  } else {
    const [locked] = await ctx.db.select({ used: gifts.used }).from(gifts).where(eq(gifts.id, g.id)).for("update");
    if (!locked) refuse("ERROR_RESULT_NULL");
    if (fields.cap !== null && fields.cap < locked.used) refuseField("stock", { reason: "used", used: locked.used });
    [row] = (await ctx.db.update(gifts).set(fields).where(eq(gifts.id, g.id)).returning()) as [typeof row];
  }
  return { gift: giftView(row), audit: { entity: "gift", id: row.id, detail: g.id === undefined ? "create" : "update" } };
}

export const checkFamilyInput = t.Object({ family: idField });

/** /activity/check/family: whether the member's family member is carried by a live sign-up, and to which activities. */
export async function checkFamily({ ctx, input }: { ctx: MemberCtx; input: typeof checkFamilyInput.static }) {
  const [kin] = await ctx.db.select({ id: families.id }).from(families).where(and(eq(families.id, input.family), eq(families.userId, ctx.actor.id)));
  if (!kin) refuse("ERROR_RESULT_NULL");
  const rows = await ctx.db
    .selectDistinct({ id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn })
    .from(orderFamilies)
    .innerJoin(activities, eq(activities.id, orderFamilies.activityId))
    .where(and(eq(orderFamilies.familyId, kin.id), ne(orderFamilies.state, ORDER_STATE.ORDER_STATE_CANCEL)))
    .orderBy(asc(activities.id));
  return { result: { signed: rows.length > 0, activities: rows } };
}
