// How many API calls one instance works on at once (issue 19 item 6,
// decision 89). A call visits the database pool several times (session,
// checks, write); past the pool's speed every call in progress waits behind
// every other at each visit, so a burst four times what the instance can do
// left every call late and none answered while memory grew with the pile.
// So at most `inProgress` calls run; the next ones wait their turn, first
// come first in, for at most `waitMs`; past that wait, or with `maxWaiting`
// already waiting, a call is told "busy" before it costs the database anything.
//
// That line alone still let an instance drown at four times its capacity once
// an answer cost no database work (a sold-out activity's "full"): every call
// past the door read its body, was routed and waited its 500 ms before being
// told busy, so the thread spent itself on calls it then refused, and the
// rest queued in the kernel (a tenth answered within 10 s, bench:overload).
// So a door in front of everything: every SAMPLE_MS it reads how long the
// line's first call has waited; later than `lateMs` halves the share of API
// calls let in, a timely reading gives ADMIT_STEP of it back (additive
// increase, multiplicative decrease, as TCP finds a link's speed). The calls
// not let in are told "busy" on arrival, before routing, session or log line:
// about a thirteenth of a sold-out answer's cost. The thread then works on
// about what it can finish and sheds the rest cheaply. The event loop's delay
// is not read: a staff import stalls it for seconds without any rush, and
// turning members away then (as a first version did) made the portal unusable
// where it was only slow; a rush shows in the line.

import { log } from "../log";

export type AdmissionSettings = { inProgress: number; maxWaiting: number; waitMs: number; lateMs: number };

/** How often the door reads the line; the least share it lets in (some calls always go through); the share a timely reading gives back. */
const SAMPLE_MS = 20;
const LEAST_SHARE = 1 / 64;
const ADMIT_STEP = 0.05;

export type Admission = {
  /** A release to call once the call is answered, or null: busy. */
  enter(): Promise<(() => void) | null>;
  load(): { running: number; waiting: number };
  /** The share of API calls the door lets in: 1 while the line keeps time. */
  share(): number;
  /** Whether the door turns this call away (told busy on arrival): every 1/share-th call is let in. */
  turnsAway(): boolean;
  /** A reading of the line at `nowMs` (performance.now()'s; the sampler's, or a test's). */
  sample(nowMs: number): void;
  /** Reads the line every SAMPLE_MS while the instance serves (main.ts); returns the stop. Off with `lateMs` 0. */
  watch(): () => void;
};

declare module "../domains/context" {
  interface AppState {
    /** API calls in progress and waiting to start, bounded. */
    admission: Admission;
  }
}

export function createAdmission(opts: AdmissionSettings): Admission {
  let share = 1;
  let credit = 0;
  let turnedAway = 0;
  type Waiter = { admit: (release: (() => void) | null) => void; timer: ReturnType<typeof setTimeout> | null; gone: boolean; since: number };
  const line: Waiter[] = [];
  let head = 0;
  let running = 0;
  let waiting = 0;

  function releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      // The slot goes to the first still waiting, else back to the pool of slots.
      while (head < line.length) {
        const next = line[head++]!;
        if (next.gone) continue;
        next.gone = true;
        waiting--;
        clearTimeout(next.timer!);
        next.admit(releaser());
        compact();
        return;
      }
      compact();
      running--;
    };
  }

  /** Drops the served head of the line now and then, so it never grows with what passed through. */
  function compact() {
    if (head > 1024 && head * 2 > line.length) {
      line.splice(0, head);
      head = 0;
    }
  }

  /** How long the first call still waiting has waited. */
  function firstWaitMs(nowMs: number) {
    for (let i = head; i < line.length; i++) if (!line[i]!.gone) return nowMs - line[i]!.since;
    return 0;
  }

  function sample(nowMs: number) {
    if (opts.lateMs <= 0) return;
    const late = firstWaitMs(nowMs) > opts.lateMs;
    share = late ? Math.max(LEAST_SHARE, share / 2) : Math.min(1, share + ADMIT_STEP);
  }

  return {
    enter() {
      if (running < opts.inProgress) {
        running++;
        return Promise.resolve(releaser());
      }
      if (waiting >= opts.maxWaiting) return Promise.resolve(null);
      return new Promise((admit) => {
        const waiter: Waiter = { admit, timer: null, gone: false, since: performance.now() };
        waiter.timer = setTimeout(() => {
          if (waiter.gone) return;
          waiter.gone = true;
          waiting--;
          // Calls that gave up stay in the line until its head passes them: sweep them if nothing is passing.
          if (line.length - head > 2 * waiting + 1024) {
            const live = line.slice(head).filter((w) => !w.gone);
            line.length = 0;
            line.push(...live);
            head = 0;
          }
          admit(null);
        }, opts.waitMs);
        waiting++;
        line.push(waiter);
      });
    },
    load: () => ({ running, waiting }),
    share: () => share,
    turnsAway() {
      if (share >= 1) return false;
      // Evenly spread, not random.
      credit += share;
      if (credit < 1) {
        turnedAway++;
        return true;
      }
      credit -= 1;
      return false;
    },
    sample,
    watch() {
      if (opts.lateMs <= 0) return () => {};
      let loggedAt = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        sample(now);
        // One line a second while calls are turned away, not one per call: the log must not add to the load.
        if (turnedAway > 0 && now - loggedAt >= 1_000) {
          log.warn("busy: calls turned away at the door", { calls: turnedAway, seconds: Math.round((now - loggedAt) / 100) / 10, share: Math.round(share * 1000) / 1000 });
          turnedAway = 0;
          loggedAt = now;
        } else if (turnedAway === 0) loggedAt = now;
      }, SAMPLE_MS);
      timer.unref?.();
      return () => clearInterval(timer);
    },
  };
}
