// The version of everything sign-up reads that only staff change (decision
// in docs/decisions.md, issue 19): one row, bumped at commit by the triggers
// of sql/0016_sign-config.sql on every table that holds sign-up
// configuration, so an instance's cache of it (src/domains/signup/config.ts)
// knows, in the same statement that reads the live counters, whether it is
// still good. Counters (used, version) do not bump it.
import { bigint, integer, pgTable } from "drizzle-orm/pg-core";

export const signConfig = pgTable("sign_config", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
