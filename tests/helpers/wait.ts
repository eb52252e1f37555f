// Waiting in tests: for a condition the code under test makes true in the
// background (a delivery, a restart), never for a fixed time.

/**
 * Resolves with the check's first truthy answer; fails with `what` after the
 * deadline. `everyMs` spaces the checks: one that asks a server over HTTP
 * asks again after that long, not at once.
 */
export async function until<T>(check: () => Promise<T | null | undefined | false> | T | null | undefined | false, what: string, timeoutMs = 20_000, everyMs = 10): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await Bun.sleep(everyMs);
  }
}
