// What a verb receives as `ctx`: the database (a command's one transaction,
// or the pool for a query), who is acting, the time, and where the request
// came from. No Request, no cookies: the route kit (src/http/kit.ts) builds it.
import type { Config } from "../config";
import type { Database, DbOrTx } from "../db/client";
import type { PowerCode } from "../protocol/powers";
import type { Admission } from "../http/admission";
import type { Runner } from "../http/runner";
import type { Providers } from "../providers";
import type { PasswordWork } from "./auth/password";
import type { PaymentKind } from "./payment/kinds";
import type { SessionsEnded } from "./shared/sessions";
import type { SignConfigCache, SoldOutMemory } from "./signup";
import type { LiveJob } from "./staff-jobs/kit";

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
 * make them, as two instances) share none of it.
 */
export type AppState = {
  providers: Providers;
  /** Activities seen sold out (src/domains/signup/sold-out.ts). */
  soldOut: SoldOutMemory;
  /** What sign-up reads that only staff change, by activity, under its version (src/domains/signup/config.ts). */
  signConfig: SignConfigCache;
  /** What a payment of each kind pays for, by the kind stored on the payment row. */
  paymentKinds: Map<string, PaymentKind>;
  /** What the app draws once and keeps, by name (the social account's QR). */
  drawn: Map<string, Promise<string>>;
  /** The health section's entry-key secret, read or made once. */
  entrySecret: () => string;
  /** The secret the portal's own codes are signed with (src/domains/shared/signed-codes.ts), read or made once. */
  codeSecret: () => Promise<Uint8Array>;
  /** Every write outside a request (jobs, pay links, notifications, reconcile) goes through it, as requests do. */
  runner: Runner;
  /** API calls in progress and waiting to start, bounded (src/http/admission.ts). */
  admission: Admission;
  hooks: Hooks;
  /** The app's clock (the injected one): work that outlives its request reads the time from it (a job's heartbeat). */
  clock: () => Date;
  /** The staff jobs this instance is running, with their live progress (src/domains/staff-jobs/kit.ts). */
  staffJobs: Map<string, LiveJob>;
  /** Members signed out everywhere by a command of this instance (src/domains/shared/sessions.ts). */
  sessionsEnded: SessionsEnded;
  /** The password hashing line: so many hashes at once, the rest in turn or told to retry (src/domains/auth/password.ts). */
  passwords: PasswordWork;
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
  app: AppState;
};

/** On member and staff routes the kit guarantees somebody active is signed in. */
export type MemberCtx = Ctx & { actor: Actor };

export const can = (ctx: Pick<Ctx, "actor">, power: PowerCode): boolean => ctx.actor?.powers.has(power) ?? false;
