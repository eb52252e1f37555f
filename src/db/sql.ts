import { sql } from "drizzle-orm";

/**
 * A point in time inside a raw sql`` fragment. postgres.js cannot bind a Date
 * there (Drizzle only maps Dates for typed columns), so it travels as ISO text.
 */
/** The rows of a raw `execute`: PGlite answers { rows }, postgres.js the array itself. */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
