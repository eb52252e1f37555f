// A member's family (spec 1 sections 3 and 5; spec 2 "Family member
// editor"): at most 15, the identity decides the id type, saves are rate
// limited. Every read and write is scoped to the acting member.
import { Type as t } from "@sinclair/typebox";
import { and, asc, eq, sql } from "drizzle-orm";
import { families, relations, users } from "../../db/schema";
import { refuse, refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { cleanText, ID_TYPE, isMainlandId, isPhone, maskIdentity, maskPhone } from "../../protocol/identity";
import { idField } from "../shared/fields";
import { recordFailure } from "../shared/rate-limit";
import { MAX_FAMILY } from "../../protocol/limits";


/** /user/family/save: loose bounds here, the verb answers which field is wrong. */
export const familyInput = t.Object({
  family: t.Object({
    id: t.Optional(idField),
    name: t.String({ maxLength: 200 }),
    identity: t.String({ maxLength: 100 }),
    birthday: t.Optional(t.Union([t.String({ maxLength: 20 }), t.Null()])),
    phone: t.Optional(t.Union([t.String({ maxLength: 20 }), t.Null()])),
    relation: t.Object({ id: t.Integer() }),
    sex: t.Integer(),
  }),
});
export type FamilyInput = typeof familyInput.static;

type Relation = typeof relations.$inferSelect;

const relationView = (r: Relation) => ({ id: r.id, nameZh: r.nameZh, nameEn: r.nameEn });

function familyView(row: typeof families.$inferSelect, relation: Relation) {
  return {
    id: row.id,
    name: row.name,
    identity: row.identity,
    idType: row.idType,
    relation: relationView(relation),
    sex: row.sex,
    phone: row.phone,
    birthday: row.birthday,
  };
}

export type FamilyView = ReturnType<typeof familyView>;

async function familyOf(ctx: Pick<Ctx, "db">, userId: number, id?: number) {
  const { db } = ctx;
  const where = id === undefined ? eq(families.userId, userId) : and(eq(families.userId, userId), eq(families.id, id));
  const rows = await db
    .select({ family: families, relation: relations })
    .from(families)
    .innerJoin(relations, eq(relations.id, families.relationId))
    .where(where)
    .orderBy(asc(families.createdAt), asc(families.id));
  return rows.map((r) => familyView(r.family, r.relation));
}

export async function listFamily({ ctx }: { ctx: MemberCtx }) {
  return { list: await familyOf(ctx, ctx.actor.id) };
}

/** Staff read of a member's family (FUNCTION_USER_FIND_FAMILY): identity numbers and phones masked, revealed one by one, audited (issue 31). */
export async function listFamilyForStaff({ ctx, input }: { ctx: Ctx; input: { user: number } }) {
  const list = await familyOf(ctx, input.user);
  return { list: list.map((f) => ({ ...f, identity: maskIdentity(f.identity), phone: f.phone ? maskPhone(f.phone) : f.phone })) };
}

export async function findFamily({ ctx, input }: { ctx: MemberCtx; input: { id?: number } }) {
  const rows = await ctx.db.select().from(relations).orderBy(asc(relations.sortIndex), asc(relations.id));
  const relationList = rows.map((r) => ({ ...relationView(r), birthdayOptional: r.birthdayOptional === 1 }));
  if (input.id === undefined) return { family: null, relations: relationList };
  const [family] = await familyOf(ctx, ctx.actor.id, input.id);
  if (!family) refuse("ERROR_RESULT_NULL");
  return { family, relations: relationList };
}


/** yyyy-MM-dd of a real day between 1900 and today. */
function checkBirthday(value: string, now: Date): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) refuseField("birthday");
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (day.toISOString().slice(0, 10) !== value || Number(m[1]) < 1900 || day.getTime() > now.getTime()) refuseField("birthday");
  return value;
}

/** An 18-character value in the national format must be a real ID: a typo must not silently become a "passport". */
const LOOKS_LIKE_ID = /^\d{17}[\dXx]$/;

async function checkFamily(ctx: Pick<Ctx, "db" | "now">, input: FamilyInput["family"]) {
  const { db, now } = ctx;
  const name = cleanText(input.name ?? "");
  if (!name || name.length > 50) refuseField("name");
  const [relation] = await db.select().from(relations).where(eq(relations.id, input.relation?.id ?? 0));
  if (!relation) refuseField("relation");
  const birthdayText = (input.birthday ?? "").trim();
  if (!birthdayText && relation.birthdayOptional !== 1) refuseField("birthday");
  const birthday = birthdayText ? checkBirthday(birthdayText, now) : null;
  if (input.sex !== 0 && input.sex !== 1) refuseField("sex");
  let identity = cleanText(input.identity ?? "");
  let idType: number = ID_TYPE.OTHER;
  if (LOOKS_LIKE_ID.test(identity)) {
    if (!isMainlandId(identity, now)) refuseField("identity");
    identity = identity.toUpperCase();
    idType = ID_TYPE.NATIONAL;
  } else if (!identity || identity.length > 30) {
    refuseField("identity");
  }
  const phone = (input.phone ?? "").trim();
  if (phone && !isPhone(phone)) refuseField("phone");
  return { fields: { name, identity, idType, relationId: relation.id, sex: input.sex, phone: phone || null, birthday }, relation };
}

export async function saveFamily({ ctx, input }: { ctx: MemberCtx; input: FamilyInput }) {
  const userId = ctx.actor.id;
  // Counted inside the transaction: a refused or failed save rolls its count back, so only saves count.
  const pause = await recordFailure(ctx, `family-save:${userId}`, {
    threshold: ctx.config.familySavesPerMinute + 1,
    windowMs: 60_000,
    maxPauseMs: 60_000,
  });
  if (pause > 0) refuse("ERROR_OFTEN");
  const { fields, relation } = await checkFamily(ctx, input.family);
  // Serialises one member's saves, so two at once cannot both take the fifteenth place.
  await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  if (input.family.id === undefined) {
    const [{ n }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(families).where(eq(families.userId, userId))) as [{ n: number }];
    if (n >= MAX_FAMILY) refuse("ERROR_OFTEN", { max: MAX_FAMILY });
    const [row] = await ctx.db.insert(families).values({ userId, ...fields, createdAt: ctx.now, updatedAt: ctx.now }).returning();
    return { family: familyView(row!, relation) };
  }
  const [row] = await ctx.db
    .update(families)
    .set({ ...fields, updatedAt: ctx.now })
    .where(and(eq(families.id, input.family.id), eq(families.userId, userId)))
    .returning();
  if (!row) refuse("ERROR_RESULT_NULL");
  return { family: familyView(row, relation) };
}

export async function deleteFamily({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const userId = ctx.actor.id;
  const gone = await ctx.db.delete(families).where(and(eq(families.id, input.id), eq(families.userId, userId))).returning({ id: families.id });
  if (gone.length === 0) refuse("ERROR_RESULT_NULL");
}

