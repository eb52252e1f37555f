import { timestamp } from "drizzle-orm/pg-core";

/** Every time is a timestamptz read as a Date (ARCHITECTURE section 3). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
