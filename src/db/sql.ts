import { sql } from "drizzle-orm";

/**
 * A point in time inside a raw sql`` fragment. postgres.js cannot bind a Date
 * there (Drizzle only maps Dates for typed columns), so it travels as ISO text.
 */
export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
