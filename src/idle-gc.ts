// Gives memory back after busy work. JavaScriptCore collects when JavaScript
// allocates, so the high point left by a rush of sign-ins, or by a first
// start's seeding, stays resident for as long as the portal then sits idle:
// measured, a first start stayed at 588 MB until restarted, and 1,000
// sign-ins left 226 MB. Once the portal has been quiet for QUIET_MS after
// busy work, one full collection returns most of it (211 MB and 210 MB;
// decision 55). It runs only when no request has come for QUIET_MS, so no
// request waits on it.
export const QUIET_MS = 5_000;
/** Fewer requests than this since the last collection leave too little garbage to be worth one. */
export const BUSY_REQUESTS = 200;

export type IdleCollector = { noteRequest(): void; tick(): void };

export function idleCollector(opts: { now: () => number; collect: () => void }): IdleCollector {
  // The start counts as busy work: migrations, a first start's seed and the region data leave garbage behind.
  let requests = BUSY_REQUESTS;
  let lastRequestAt = opts.now();
  return {
    noteRequest() {
      requests++;
      lastRequestAt = opts.now();
    },
    tick() {
      if (requests < BUSY_REQUESTS || opts.now() - lastRequestAt < QUIET_MS) return;
      requests = 0;
      opts.collect();
    },
  };
}

/** The server's one collector: the request log notes each request, main.ts starts the timer. */
export const serverCollector = idleCollector({ now: () => performance.now(), collect: () => Bun.gc(true) });

export function startIdleCollector(): () => void {
  const timer = setInterval(() => serverCollector.tick(), QUIET_MS);
  timer.unref();
  return () => clearInterval(timer);
}
