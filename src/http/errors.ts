// What PostgreSQL's errors say, read through the drivers' wrappings.

/** The index a concurrent writer hit, when a write broke a unique index. */
export function brokenIndex(error: unknown): string | null {
  for (let e = error as { code?: string; message?: string; constraint_name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return e.constraint_name ?? /"([^"]+)"/.exec(e.message ?? "")?.[1] ?? "";
  }
  return null;
}

/** The SQLSTATE of a database error, if it is one (postgres.js and PGlite give it as `code`). */
export function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * lock_not_available / query_canceled: the 3 s timeouts on a hot row; deadlock_detected: PostgreSQL chose this
 * transaction to roll back (two batches of one member's commands in two queues). Nothing was written: retry.
 */
export const isBusy = (error: unknown): boolean => {
  const code = pgCode(error);
  return code === "55P03" || code === "57014" || code === "40P01";
};
