// Profile values (spec 1 section 3 "Property value"), written the same way by
// the member's own form, activation, the security changes and, later, the
// staff member editor: checked by the one validator, each change logged in
// property_log against the command's operation-log row.
import { Type as t } from "@sinclair/typebox";
import { and, eq } from "drizzle-orm";
import { countries, properties, propertyLog, userValues } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { refuse, refuseField } from "../../protocol/result";
import type { Ctx } from "../context";
import { allProperties } from "../property/service";
import { type CleanValue, validateProfile } from "../property/validate";

/** The dynamic profile form's payload; the validator checks the rest. */
export const profileValues = t.Array(
  t.Object({
    property: t.Object({ id: t.Integer() }),
    option: t.Optional(t.Union([t.Object({ id: t.Integer() }), t.Null()])),
    value: t.Optional(t.Union([t.String({ maxLength: 2000 }), t.Array(t.String({ maxLength: 200 }), { maxItems: 100 }), t.Null()])),
  }),
  { maxItems: 200 },
);

/** /user/information/update, and the profile half of /active/submit. */
export const profileInput = t.Object({ nationality: t.Integer(), values: profileValues });
export type ProfileInput = typeof profileInput.static;

/**
 * Runs the shared validator for `userId` with the chosen nationality:
 * ERROR_PARAMS { field: "nationality" } for an unknown country, ERROR_PARAMS
 * { property } naming the first failing property. Returns what to write.
 * `staff`: the member editor, which may change a read-only field (and has no
 * stored values for a member it creates, `userId` null).
 */
export async function checkProfile(ctx: Ctx, args: { userId: number | null; input: ProfileInput; staff?: boolean }) {
  const [country] = await ctx.db.select().from(countries).where(eq(countries.id, args.input.nationality));
  if (!country) refuseField("nationality");
  const [{ list }, current] = await Promise.all([allProperties({ ctx }), args.staff || args.userId === null ? [] : storedValues(ctx, args.userId)]);
  const result = validateProfile({ properties: list, nationalityType: country.type, submitted: args.input.values, current });
  if (!result.ok) refuse("ERROR_PARAMS", { property: result.property });
  return { country, values: result.values };
}

/** A member's stored profile values. */
export async function storedValues(ctx: Pick<Ctx, "db">, userId: number) {
  const { db } = ctx;
  return db
    .select({ propertyId: userValues.propertyId, optionId: userValues.optionId, value: userValues.value })
    .from(userValues)
    .where(eq(userValues.userId, userId));
}

const logText = (v: string | string[] | null | undefined) => (v === null || v === undefined ? null : Array.isArray(v) ? JSON.stringify(v) : v);
const sameValue = (a: string | string[] | undefined, b: string | string[]) => JSON.stringify(a ?? "") === JSON.stringify(b);
const isEmpty = (v: string | string[]) => v === "" || (Array.isArray(v) && v.length === 0);

/**
 * Writes profile values in the command's transaction: an empty value removes
 * the row; each changed value leaves a property_log row tied to the command's
 * operation. `operatorId` is who made the change (the member activating is
 * not signed in yet). Returns how many values changed.
 */
export async function writeProfileValues(ctx: CommandCtx, args: { userId: number; operatorId: number | null; values: CleanValue[] }): Promise<number> {
  const before = new Map((await storedValues(ctx, args.userId)).map((s) => [s.propertyId, s]));
  let changed = 0;
  for (const v of args.values) {
    const old = before.get(v.propertyId);
    if (sameValue(old?.value, v.value) && (old?.optionId ?? null) === v.optionId) continue;
    if (!old && isEmpty(v.value)) continue;
    const where = and(eq(userValues.userId, args.userId), eq(userValues.propertyId, v.propertyId));
    if (isEmpty(v.value)) await ctx.db.delete(userValues).where(where);
    else
      await ctx.db
        .insert(userValues)
        .values({ userId: args.userId, propertyId: v.propertyId, optionId: v.optionId, value: v.value })
        .onConflictDoUpdate({ target: [userValues.userId, userValues.propertyId], set: { optionId: v.optionId, value: v.value } });
    await ctx.db.insert(propertyLog).values({
      userId: args.userId,
      propertyId: v.propertyId,
      originValue: logText(old?.value),
      newValue: logText(v.value),
      operationLogId: await ctx.operationId(),
      operatorId: args.operatorId,
      createdAt: ctx.now,
    });
    changed++;
  }
  return changed;
}

/** Keeps the profile value of the phone or e-mail property in step with the account's own column. */
export async function writePurposeValue(ctx: CommandCtx, args: { userId: number; operatorId: number | null; purpose: number; value: string }) {
  const rows = await ctx.db.select({ id: properties.id }).from(properties).where(eq(properties.purpose, args.purpose));
  await writeProfileValues(ctx, { ...args, values: rows.map((r) => ({ propertyId: r.id, optionId: null, value: args.value })) });
}
