// What a verb receives as `ctx`: the database (a command's one transaction,
// or the pool for a query), who is acting, the time, and where the request
// came from. No Request, no cookies: the route kit (src/http/kit.ts) builds it.
//
// It depends on no domain and on nothing in src/http, so everything can
// import it without a circle (tests/unit/domain-imports.test.ts). A piece of
// app state a domain owns is declared beside the code that keeps it, by
// merging into `AppState` (`declare module "../context"`), and made in
// src/app-state.ts, which the compiler holds to the whole of it.
import type { Config } from "../config";
import type { Database, DbOrTx } from "../db/client";
import type { PowerCode } from "../protocol/powers";
import type { Providers } from "../providers";

export type Actor = {
  id: number;
  roleId: number;
  state: number;
  language: number | null;
  /** The role's powers, or none while `factorMissing`. */
  powers: ReadonlySet<string>;
  /** The role holds staff powers, but the account keeps no second factor and the grace has passed (issue 31): every staff call is refused until it enrols. */
  factorMissing: boolean;
};

/** What the app is built from: tests pass their own clock and providers. */
export type Deps = {
  database: Database;
  config: Config;
  /** Injected so rules with windows and expiries test without sleeping. */
  clock: () => Date;
  /** SMS, mail, payment and storage; the embedded ones when left out. */
  providers?: Partial<Providers>;
  /** Tests only: pauses injected into the write path (src/app-state.ts). */
  hooks?: Hooks;
};

/** Pauses a test injects to prove what the writes alone guarantee; production has none. */
export type Hooks = {
  /** Between a sign-up's checks and its takes, inside the write. */
  beforeTake?: () => Promise<void>;
  /** Before a queue's batch opens its transaction: its key, its size and how many wait behind it now. */
  beforeBatch?: (batch: { key: string; size: number; waitingBehind: () => number }) => Promise<void>;
  /** Between a member update's judgement of the role and its write, inside the write (decision 103). */
  afterRoleJudged?: () => Promise<void>;
};

/**
 * What one app holds in memory, made once when it starts (src/app-state.ts)
 * and reached by every verb as `ctx.app`: two apps in one process (the tests
 * make them, as two instances) share none of it. The pieces below belong to
 * no domain; the rest are merged in by their owners:
 *   soldOut, signConfig        src/domains/signup/sold-out.ts, config.ts
 *   paymentKinds               src/domains/payment/kinds.ts
 *   staffJobs, jobKinds        src/domains/staff-jobs/kit.ts
 *   sessionsStale              src/domains/shared/sessions.ts
 *   passwords                  src/domains/auth/password.ts
 *   runner, admission          src/http/runner.ts, admission.ts
 */
export interface AppState {
  providers: Providers;
  /** What the app draws once and keeps, by name (the social account's QR). */
  drawn: Map<string, Promise<string>>;
  /** The health section's entry-key secret, read or made once. */
  entrySecret: () => string;
  /** The secret the portal's own codes are signed with (src/domains/shared/signed-codes.ts), read or made once. */
  codeSecret: () => Promise<Uint8Array>;
  hooks: Hooks;
  /** The app's clock (the injected one): work that outlives its request reads the time from it (a job's heartbeat). */
  clock: () => Date;
}

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
  app: AppState;
};

/** On member and staff routes the kit guarantees somebody active is signed in. */
export type MemberCtx = Ctx & { actor: Actor };

export const can = (ctx: Pick<Ctx, "actor">, power: PowerCode): boolean => ctx.actor?.powers.has(power) ?? false;
