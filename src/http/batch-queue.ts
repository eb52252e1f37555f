// Work that must not race for one hot row waits under that row's key and is
// handed to `write` a batch at a time (ARCHITECTURE section 3: a hot
// activity is a queue, not a race). Each key drains on its own, so a hot key
// never holds up another; within a key, first come is first written. A key
// with `maxWaiting` items already waiting answers the next one "busy" at
// once rather than letting the wait grow without bound. An item `ahead`
// answers at once (a sign-up of an activity known full) is answered when it
// arrives and, for those already waiting, as soon as the batch that filled
// the activity is written: never after the winners' work.
import { DomainError, type Message } from "../protocol/result";
import type { Outcome } from "./runner";

/** A refusal answered ahead, as the kit answers a thrown one. */
const errorOf = (refusal: Message) => new DomainError(refusal.code, refusal.params);

export type BatchQueue<T, R> = { enqueue(key: string, item: T): Promise<R>; waiting(key: string): number };

export function createBatchQueue<T, R>(opts: {
  maxBatch: number;
  maxWaiting: number;
  /** One outcome per item, in order; a throw fails the whole batch. */
  write: (batch: T[], key: string) => Promise<Outcome<R>[]>;
  /** The refusal an item gets at once instead of waiting, or null to wait. */
  ahead?: (item: T) => Message | null;
}): BatchQueue<T, R> {
  type Waiting = { item: T; resolve: (answer: R) => void; reject: (error: unknown) => void };
  const queues = new Map<string, Waiting[]>();

  async function drain(key: string) {
    for (;;) {
      const waiting = queues.get(key)!;
      if (opts.ahead) answerAhead(waiting, opts.ahead);
      if (waiting.length === 0) return void queues.delete(key);
      const batch = waiting.splice(0, opts.maxBatch);
      let outcomes: Outcome<R>[];
      try {
        outcomes = await opts.write(batch.map((w) => w.item), key);
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

  /** Answers, in place, the waiting items that need not wait. */
  function answerAhead(waiting: Waiting[], ahead: (item: T) => Message | null) {
    let kept = 0;
    for (const w of waiting) {
      const refusal = ahead(w.item);
      if (refusal === null) waiting[kept++] = w;
      else w.reject(errorOf(refusal));
    }
    waiting.length = kept;
  }

  return {
    enqueue(key, item) {
      return new Promise<R>((resolve, reject) => {
        const refusal = opts.ahead?.(item) ?? null;
        if (refusal !== null) return reject(errorOf(refusal));
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
