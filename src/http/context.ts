// What a verb receives as `ctx`: the database (or its transaction), who is
// acting, the time, and where the request came from. No Request, no cookies.
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

export type Deps = {
  database: Database;
  config: Config;
  /** Injected so rules with windows and expiries test without sleeping. */
  clock: () => Date;
  /** SMS, mail and payment; the embedded ones (outbox, sandbox) when left out. */
  providers?: Providers;
};

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
  /** Factories taking the transaction scope: `ctx.providers.sms(ctx).send(...)`. */
  providers: Providers;
  /**
   * Runs `fn` in one transaction that first records this request's nonce, so
   * a replayed write changes nothing even on another instance.
   */
  transaction<T>(fn: (ctx: Ctx) => Promise<T>): Promise<T>;
};

export const can = (ctx: Pick<Ctx, "actor">, power: PowerCode): boolean => ctx.actor?.powers.has(power) ?? false;
