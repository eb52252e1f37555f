// How the server keeps a password: argon2id (Bun.password) over the digest
// the client sent, never the digest itself, stored in PHC form
// ($argon2id$v=19$m=…,t=…,p=1$salt$hash) so each hash names its own cost.
//
// Each argon2id computation holds its memory (PASSWORD_MEMORY_KIB) and a core
// while it runs, so the app computes at most PASSWORD_WORKERS at once and the
// rest wait in one line, first come first served (decisions 49 and 85).

import type { PasswordCost } from "../../config";

type Settings = { cost: PasswordCost; workers: number; queueMax: number; waitLimitMs: number };

/** The cost a stored hash was made with, or null when it is not argon2id in PHC form. */
export function costOf(stored: string): PasswordCost | null {
  const found = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=1\$/.exec(stored);
  return found ? { memoryKiB: Number(found[1]), passes: Number(found[2]) } : null;
}

const sameCost = (a: PasswordCost | null, b: PasswordCost) => a !== null && a.memoryKiB === b.memoryKiB && a.passes === b.passes;

/** One hash, computed now: callers go through a line (`PasswordWork`), except a seed that hashes one at a time. */
export const hashDigest = (digest: string, cost: PasswordCost): Promise<string> =>
  Bun.password.hash(digest.toLowerCase(), { algorithm: "argon2id", memoryCost: cost.memoryKiB, timeCost: cost.passes });

/** A place in the line, taken without waiting; `run` waits for a worker, `cancel` gives the place back unused. */
export type Ticket = { run<T>(work: () => Promise<T>): Promise<T>; cancel(): void };

export type PasswordWork = ReturnType<typeof passwordWork>;

declare module "../context" {
  interface AppState {
    /** The password hashing line: so many hashes at once, the rest in turn or told to retry. */
    passwords: PasswordWork;
  }
}

/** A reserved place not run within this long is given back (its command never committed). */
const TICKET_LIFETIME_MS = 60_000;

/**
 * The app's hashing line. `reserve` answers at once: a ticket, or the seconds
 * to wait before retrying when the line is full (`queueMax` waiting) or the
 * expected wait passes `waitLimitMs`. The expected wait is the places ahead
 * per worker times the mean time of a hash, measured on `clock` (the app's
 * injected clock, so a test decides what a hash "took").
 */
export function passwordWork(settings: Settings, clock: () => Date) {
  const { workers, queueMax, waitLimitMs, cost } = settings;
  let running = 0;
  /** Reserved places not yet in the line. */
  let reserved = 0;
  const line: (() => void)[] = [];
  let meanMs: number | null = null;

  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running < workers) running++;
    else await new Promise<void>((resolve) => line.push(resolve));
    const started = clock().getTime();
    try {
      return await work();
    } finally {
      const took = Math.max(0, clock().getTime() - started);
      meanMs = meanMs === null ? took : meanMs * 0.8 + took * 0.2;
      // The worker passes straight to the next in line, so none jumps the queue.
      const next = line.shift();
      if (next) next();
      else running--;
    }
  }

  /** Milliseconds a newcomer behind `ahead` hashes (running and waiting) would wait for a worker. */
  const waitBehind = (ahead: number) => (ahead < workers ? 0 : Math.ceil((ahead - workers + 1) / workers) * (meanMs ?? 0));

  let decoy: Promise<string> | null = null;

  return {
    cost,
    /** Running, waiting in line, and reserved: what a test or a health page may show. */
    load: () => ({ running, waiting: line.length, reserved }),

    reserve(): Ticket | { busySeconds: number } {
      const ahead = running + line.length + reserved;
      const wait = waitBehind(ahead);
      if (ahead - workers >= queueMax || wait > waitLimitMs) return { busySeconds: Math.max(1, Math.ceil(wait / 1000)) };
      reserved++;
      let open = true;
      const giveBack = () => {
        if (!open) return false;
        open = false;
        reserved--;
        clearTimeout(expiry);
        return true;
      };
      const expiry = setTimeout(giveBack, TICKET_LIFETIME_MS);
      expiry.unref?.();
      return {
        run: <T>(work: () => Promise<T>) => {
          if (!giveBack()) throw new Error("a password ticket runs once");
          return inTurn(work);
        },
        cancel: () => void giveBack(),
      };
    },

    /** Hashes a new password in turn (activation, a reset), with no limit on the line: these are rare. */
    store: (digest: string) => inTurn(() => hashDigest(digest, cost)),

    /**
     * Checks `digest` against `stored` inside a ticket's turn; with no stored
     * password (an unknown name) against a decoy, so the time taken does not
     * tell. A match whose hash has another cost than today's comes back with
     * a new hash (`rehashed`), made in the same turn, for the caller to store.
     */
    async check(ticket: Ticket, digest: string, stored: string | null): Promise<{ matches: boolean; rehashed: string | null }> {
      if (stored === null) {
        decoy ??= inTurn(() => hashDigest("0".repeat(32) + ":decoy", cost));
        const hash = await decoy;
        await ticket.run(() => Bun.password.verify(digest.toLowerCase(), hash));
        return { matches: false, rehashed: null };
      }
      return ticket.run(async () => {
        const matches = await Bun.password.verify(digest.toLowerCase(), stored);
        const rehashed = matches && !sameCost(costOf(stored), cost) ? await hashDigest(digest, cost) : null;
        return { matches, rehashed };
      });
    },
  };
}
