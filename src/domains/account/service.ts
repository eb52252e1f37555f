// The member's own account settings: language and the profile values.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { countries, operationLog, properties, propertyLog, userValues, users } from "../../db/schema";
import type { Ctx } from "../../http/context";
import { DomainError } from "../../protocol/result";
import { LANGUAGE } from "../../protocol/types";
import { allProperties } from "../property/service";
import { type CleanValue, type SubmittedValue, validateProfile } from "../property/validate";
import { loadUserView } from "./user-view";

const LANGUAGE_IDS = new Set<number>(Object.values(LANGUAGE));

export async function setLanguage({ ctx, input }: { ctx: Ctx; input: { language: number } }) {
  if (!LANGUAGE_IDS.has(input.language)) throw new DomainError("ERROR_PARAMS", { field: "language" });
  const actor = ctx.actor!;
  return ctx.transaction(async (tx) => {
    await tx.db.update(users).set({ language: input.language, updatedAt: ctx.now }).where(eq(users.id, actor.id));
    await tx.db.insert(operationLog).values({
      userId: actor.id,
      targetUserId: actor.id,
      action: "account.language",
      detail: String(input.language),
      ip: ctx.ip,
      createdAt: ctx.now,
    });
    return { user: await loadUserView(tx.db, actor.id) };
  });
}

export type ProfileInput = { nationality: number; values: SubmittedValue[] };

/**
 * Runs the shared validator for `userId` with the chosen nationality:
 * ERROR_PARAMS { field: "nationality" } for an unknown country, ERROR_PARAMS
 * { property } naming the first failing property. Returns what to write.
 */
export async function checkProfile(ctx: Ctx, userId: number, input: ProfileInput) {
  const db = ctx.db;
  const [country] = await db.select().from(countries).where(eq(countries.id, input.nationality));
  if (!country) throw new DomainError("ERROR_PARAMS", { field: "nationality" });
  const [{ list }, current] = await Promise.all([allProperties({ ctx }), storedValues(db, userId)]);
  const result = validateProfile({
    properties: list,
    nationalityType: country.type,
    submitted: input.values,
    current,
  });
  if (!result.ok) throw new DomainError("ERROR_PARAMS", { property: result.property });
  return { country, values: result.values };
}

/** A member's stored profile values. */
export async function storedValues(db: DbOrTx, userId: number) {
  return db
    .select({ propertyId: userValues.propertyId, optionId: userValues.optionId, value: userValues.value })
    .from(userValues)
    .where(eq(userValues.userId, userId));
}

const logText = (v: string | string[] | null | undefined) => (v === null || v === undefined ? null : Array.isArray(v) ? JSON.stringify(v) : v);
const sameValue = (a: string | string[] | undefined, b: string | string[]) => JSON.stringify(a ?? "") === JSON.stringify(b);

/**
 * Writes profile values inside the caller's transaction: an empty value
 * removes the row; each changed value leaves a property_log row tied to
 * `operationLogId`. Returns how many values changed.
 */
export async function writeProfileValues(
  db: DbOrTx,
  args: { userId: number; operatorId: number | null; operationLogId: number; now: Date; values: CleanValue[] },
): Promise<number> {
  const before = new Map((await storedValues(db, args.userId)).map((s) => [s.propertyId, s]));
  let changed = 0;
  for (const v of args.values) {
    const old = before.get(v.propertyId);
    if (sameValue(old?.value, v.value) && (old?.optionId ?? null) === v.optionId) continue;
    if (!old && (v.value === "" || (Array.isArray(v.value) && v.value.length === 0))) continue;
    const where = and(eq(userValues.userId, args.userId), eq(userValues.propertyId, v.propertyId));
    if (v.value === "" || (Array.isArray(v.value) && v.value.length === 0)) await db.delete(userValues).where(where);
    else
      await db
        .insert(userValues)
        .values({ userId: args.userId, propertyId: v.propertyId, optionId: v.optionId, value: v.value })
        .onConflictDoUpdate({ target: [userValues.userId, userValues.propertyId], set: { optionId: v.optionId, value: v.value } });
    await db.insert(propertyLog).values({
      userId: args.userId,
      propertyId: v.propertyId,
      originValue: logText(old?.value),
      newValue: logText(v.value),
      operationLogId: args.operationLogId,
      operatorId: args.operatorId,
      createdAt: args.now,
    });
    changed++;
  }
  return changed;
}

/** Keeps the profile value of the phone or e-mail property in step with the account's own column. */
export async function writePurposeValue(
  db: DbOrTx,
  args: { userId: number; operatorId: number | null; operationLogId: number; now: Date; purpose: number; value: string },
) {
  const rows = await db.select({ id: properties.id }).from(properties).where(eq(properties.purpose, args.purpose));
  await writeProfileValues(db, { ...args, values: rows.map((r) => ({ propertyId: r.id, optionId: null, value: args.value })) });
}

export async function logOperation(db: DbOrTx, ctx: Ctx, args: { userId: number | null; targetUserId: number; action: string; detail?: string }) {
  const [row] = await db
    .insert(operationLog)
    .values({ userId: args.userId, targetUserId: args.targetUserId, action: args.action, detail: args.detail ?? null, ip: ctx.ip, createdAt: ctx.now })
    .returning({ id: operationLog.id });
  return row!.id;
}

/** /user/information/update: the member's own profile form. */
export async function updateInformation({ ctx, input }: { ctx: Ctx; input: ProfileInput }) {
  const actor = ctx.actor!;
  return ctx.transaction(async (tx) => {
    const { country, values } = await checkProfile(tx, actor.id, input);
    const opId = await logOperation(tx.db, tx, { userId: actor.id, targetUserId: actor.id, action: "account.information" });
    await tx.db.update(users).set({ nationalityId: country.id, updatedAt: ctx.now }).where(eq(users.id, actor.id));
    await writeProfileValues(tx.db, { userId: actor.id, operatorId: actor.id, operationLogId: opId, now: ctx.now, values });
    return { user: await loadUserView(tx.db, actor.id) };
  });
}
