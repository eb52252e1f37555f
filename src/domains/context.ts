// What a verb receives as `ctx`: the database (a command's one transaction,
// or the pool for a query), who is acting, the time, and where the request
// came from. No Request, no cookies: the route kit (src/http/kit.ts) builds it.
import type { Config } from "../config";
import type { Database, DbOrTx } from "../db/client";
import type { PowerCode } from "../protocol/powers";
import type { Providers } from "../providers";

export type Actor = {
  id: number;
  roleId: number;
  state: number;
  language: number | null;
  powers: ReadonlySet<string>;
};

/** What the app is built from: tests pass their own clock and providers. */
export type Deps = {
  database: Database;
  config: Config;
  /** Injected so rules with windows and expiries test without sleeping. */
  clock: () => Date;
  /** SMS, mail, payment and storage; the embedded ones when left out. */
  providers?: Partial<Providers>;
};

/** A visitor's context: a session, perhaps nobody signed in on it. */
export type Ctx = {
  db: DbOrTx;
  now: Date;
  config: Config;
  session: { id: string; userId: number | null };
  actor: Actor | null;
  ip: string | null;
  /** The Host the visitor used (the filing number depends on it). */
  host: string | null;
  userAgent: string | null;
  providers: Providers;
};

/** On member and staff routes the kit guarantees somebody active is signed in. */
export type MemberCtx = Ctx & { actor: Actor };

export const can = (ctx: Pick<Ctx, "actor">, power: PowerCode): boolean => ctx.actor?.powers.has(power) ?? false;
