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

/**
 * Under load JavaScriptCore falls behind too: in a sign-in storm the garbage of the first wave of
 * requests (strings, mostly) rose the portal from 170 to 409-457 MB resident before it was collected
 * (decision 93). So every GROWTH_CHECK_REQUESTS requests the resident size is read (about 9 µs), and
 * once it has grown GROWTH_BYTES over its lowest reading since the last collection asked for, a
 * collection is asked for: Bun.gc(false), which returns at once (0.3 ms) and collects beside the
 * requests; it is asked again every GROWTH_CHECK_REQUESTS requests while memory stays that high (what a
 * collection frees is reused before it is given back, so the resident size does not show it at once).
 * The lowest reading starts again from the idle collection's result, so memory the portal keeps for
 * good stops the asking once it has been quiet.
 */
export const GROWTH_CHECK_REQUESTS = 50;
export const GROWTH_BYTES = 32 * 1024 * 1024;

export type IdleCollector = { noteRequest(): void; tick(): void };

export function idleCollector(opts: { now: () => number; collect: () => void; resident: () => number; collectSoon: () => void }): IdleCollector {
  // The start counts as busy work: migrations, a first start's seed and the region data leave garbage behind.
  let requests = BUSY_REQUESTS;
  let lastRequestAt = opts.now();
  let checked = 0;
  let lowest = Infinity;
  return {
    noteRequest() {
      requests++;
      lastRequestAt = opts.now();
      if (++checked < GROWTH_CHECK_REQUESTS) return;
      checked = 0;
      const resident = opts.resident();
      lowest = Math.min(lowest, resident);
      if (resident - lowest > GROWTH_BYTES) opts.collectSoon();
    },
    tick() {
      if (requests < BUSY_REQUESTS || opts.now() - lastRequestAt < QUIET_MS) return;
      requests = 0;
      opts.collect();
      lowest = opts.resident();
    },
  };
}

/** The server's one collector: the request log notes each request, main.ts starts the timer. */
export const serverCollector = idleCollector({
  now: () => performance.now(),
  collect: () => Bun.gc(true),
  resident: () => process.memoryUsage.rss(),
  collectSoon: () => Bun.gc(false),
});

export function startIdleCollector(): () => void {
  const timer = setInterval(() => serverCollector.tick(), QUIET_MS);
  timer.unref();
  return () => clearInterval(timer);
}
