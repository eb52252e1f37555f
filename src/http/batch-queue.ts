// Work that must not race for one hot row waits under that row's key and is
// handed to `write` a batch at a time (ARCHITECTURE section 3: a hot
// activity is a queue, not a race). Each key drains on its own, so a hot key
// never holds up another; within a key, first come is first written. A key
// with `maxWaiting` items already waiting answers the next one "busy" at
// once rather than letting the wait grow without bound.
import { DomainError } from "../protocol/result";
import type { Outcome } from "./runner";

export type BatchQueue<T, R> = { enqueue(key: string, item: T): Promise<R>; waiting(key: string): number };

export function createBatchQueue<T, R>(opts: {
  maxBatch: number;
  maxWaiting: number;
  /** One outcome per item, in order; a throw fails the whole batch. */
  write: (batch: T[]) => Promise<Outcome<R>[]>;
}): BatchQueue<T, R> {
  type Waiting = { item: T; resolve: (answer: R) => void; reject: (error: unknown) => void };
  const queues = new Map<string, Waiting[]>();

  async function drain(key: string) {
    for (;;) {
      const waiting = queues.get(key)!;
      if (waiting.length === 0) return void queues.delete(key);
      const batch = waiting.splice(0, opts.maxBatch);
      let outcomes: Outcome<R>[];
      try {
        outcomes = await opts.write(batch.map((w) => w.item));
      } catch (error) {
        for (const w of batch) w.reject(error);
        continue;
      }
      batch.forEach((w, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) w.resolve(outcome.answer);
        else w.reject(outcome.error);
      });
    }
  }

  return {
    enqueue(key, item) {
      return new Promise<R>((resolve, reject) => {
        const waiting = queues.get(key);
        if (waiting) {
          if (waiting.length >= opts.maxWaiting) return reject(new DomainError("ERROR_BUSY", { reason: "queue" }));
          return void waiting.push({ item, resolve, reject });
        }
        queues.set(key, [{ item, resolve, reject }]);
        void drain(key);
      });
    },
    waiting: (key) => queues.get(key)?.length ?? 0,
  };
}
