// Members as staff lists show them, whatever the list (orders, members,
// check-in, the mailbox, logs): the profile's name (a property value, spec 1
// section 3) beside the employee number, and the pattern a search finds by.
import { and, eq, inArray } from "drizzle-orm";
import { properties, userValues } from "../../db/schema";
import { PROPERTY_PURPOSE } from "../../protocol/enumerations";
import type { Ctx } from "../context";

/** Members' names: their value of the profile's name property. */
export async function namesOf(ctx: Pick<Ctx, "db">, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ userId: userValues.userId, value: userValues.value })
    .from(userValues)
    .innerJoin(properties, eq(properties.id, userValues.propertyId))
    .where(and(inArray(userValues.userId, [...new Set(ids)]), eq(properties.purpose, PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME)));
  return new Map(rows.map((r) => [r.userId, Array.isArray(r.value) ? r.value.join(" ") : r.value]));
}

/** A LIKE pattern that finds `text` anywhere, its own % _ and \ taken literally. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
