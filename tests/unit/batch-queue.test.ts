// The write queue of src/http/batch-queue.ts: batching, each item's own
// outcome, order within a key, keys independent, and "busy" when full.
import { expect, test } from "bun:test";
import { createBatchQueue } from "../../src/http/batch-queue";
import type { Outcome } from "../../src/http/runner";
import { DomainError, type Message, message } from "../../src/protocol/result";

/** A queue whose writes wait until released, recording each batch. */
function gatedQueue(opts: { maxBatch?: number; maxWaiting?: number; fail?: (n: number) => boolean; ahead?: (n: number) => Message | null } = {}) {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const queue = createBatchQueue<number, number>({
    maxBatch: opts.maxBatch ?? 64,
    maxWaiting: opts.maxWaiting ?? 1000,
    write: async (batch) => {
      batches.push(batch);
      await new Promise<void>((resolve) => gates.push(resolve));
      return batch.map((n): Outcome<number> => (opts.fail?.(n) ? { ok: false, error: new DomainError("ERROR_SIGN_FULL") } : { ok: true, answer: n * 10 }));
    },
    ahead: opts.ahead,
  });
  const release = async () => {
    while (gates.length === 0) await Bun.sleep(0);
    gates.shift()!();
  };
  return { queue, batches, release };
}

test("what arrives while a batch is written is written together in the next, in arrival order", async () => {
  const { queue, batches, release } = gatedQueue();
  const first = queue.enqueue("a", 1);
  const rest = [2, 3, 4].map((n) => queue.enqueue("a", n));
  await release();
  await release();
  expect(await first).toBe(10);
  expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  expect(batches).toEqual([[1], [2, 3, 4]]);
});

test("a batch is never larger than maxBatch", async () => {
  const { queue, batches, release } = gatedQueue({ maxBatch: 2 });
  const all = [1, 2, 3, 4, 5].map((n) => queue.enqueue("a", n));
  for (let i = 0; i < 3; i++) await release();
  expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
  expect(batches).toEqual([[1], [2, 3], [4, 5]]);
});

test("an item refused inside a batch is refused alone; its neighbours succeed", async () => {
  const { queue, release } = gatedQueue({ fail: (n) => n === 3 });
  const first = queue.enqueue("a", 1);
  const settled = Promise.allSettled([2, 3, 4].map((n) => queue.enqueue("a", n)));
  await release();
  await release();
  await first;
  const outcomes = await settled;
  expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
});

test("a hot key does not hold up another key", async () => {
  const { queue, batches, release } = gatedQueue();
  const hot = queue.enqueue("hot", 1);
  const other = queue.enqueue("cold", 2);
  // Both keys' first batches are being written at once.
  expect(batches).toEqual([[1], [2]]);
  await release();
  await release();
  expect(await Promise.all([hot, other])).toEqual([10, 20]);
});

test("a key with maxWaiting waiting answers the next one busy at once", async () => {
  const { queue, release } = gatedQueue({ maxWaiting: 2 });
  const writing = queue.enqueue("a", 1);
  const waiting = [queue.enqueue("a", 2), queue.enqueue("a", 3)];
  expect(queue.waiting("a")).toBe(2);
  const refused = await queue.enqueue("a", 4).catch((error) => error);
  expect(refused).toBeInstanceOf(DomainError);
  expect((refused as DomainError).code).toBe("ERROR_BUSY");
  await release();
  await release();
  expect(await Promise.all([writing, ...waiting])).toEqual([10, 20, 30]);
});

test("a failed write fails its whole batch, and the queue goes on", async () => {
  let calls = 0;
  const queue = createBatchQueue<number, number>({
    maxBatch: 64,
    maxWaiting: 10,
    write: async (batch) => {
      if (calls++ === 0) throw new Error("commit failed");
      return batch.map((n) => ({ ok: true as const, answer: n }));
    },
  });
  await expect(queue.enqueue("a", 1)).rejects.toThrow("commit failed");
  expect(await queue.enqueue("a", 2)).toBe(2);
});

test("an item that need not wait is answered on arrival, and those already waiting as soon as the batch ahead is written", async () => {
  let full = false;
  const { queue, batches, release } = gatedQueue({ ahead: (n) => (full && n > 1 ? message("ERROR_SIGN_FULL") : null) });
  const first = queue.enqueue("a", 1);
  const waiting = Promise.allSettled([2, 3].map((n) => queue.enqueue("a", n)));
  // The batch being written fills the activity: what waits behind it is answered without a batch of its own.
  full = true;
  await release();
  expect(await first).toBe(10);
  expect((await waiting).map((o) => (o.status === "rejected" ? (o.reason as DomainError).code : o.value))).toEqual(["ERROR_SIGN_FULL", "ERROR_SIGN_FULL"]);
  await expect(queue.enqueue("a", 4)).rejects.toBeInstanceOf(DomainError);
  expect(batches).toEqual([[1]]);
  expect(queue.waiting("a")).toBe(0);
});
