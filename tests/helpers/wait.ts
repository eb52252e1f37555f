// Waiting in tests: for a condition the code under test makes true in the
// background (a delivery, a restart), never for a fixed time.

/** Resolves with the check's first truthy answer; fails with `what` after the deadline. */
export async function until<T>(check: () => Promise<T | null | undefined | false> | T | null | undefined | false, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await Bun.sleep(10);
  }
}
