// The route kit, put together: what each kind of call does once the
// transport (./transport.ts) has opened and checked it. Queries read on the
// pool; commands are written by the runner (./runner.ts), those with a queue
// key a batch at a time (./batch-queue.ts); uploads are received by
// ./uploads.ts, notifications by ./notify.ts.
import { sql } from "drizzle-orm";
import type { AppState, Ctx, Deps } from "../domains/context";
import { takeToken } from "../domains/shared/rate-limit";
import { DomainError, refuse } from "../protocol/result";
import { RESULT } from "../protocol/result-codes";
import { log } from "../log";
import { createBatchQueue } from "./batch-queue";
import { createEnvelope, type Opened } from "./envelope";
import { brokenIndex, isBusy } from "./errors";
import type { Domain, Download, RouteDef } from "./kit";
import { handleNotify } from "./notify";
import type { Write } from "./runner";
import { type Calls, mountAll } from "./transport";
import { receiveFile } from "./uploads";

/** A hot activity's sign-ups written together; more wait for the next batch. */
const MAX_BATCH = 64;
/** Past this many waiting on one key, the next is told "busy" at once (decision 58). */
const MAX_WAITING = 4096;

export function createKit(deps: Deps, state: AppState) {
  const envelope = createEnvelope(deps.database, deps.config, state.sessionsStale);
  const { db } = deps.database;
  const { runner } = state;
  // Tests run every query in a read-only transaction: a query that writes fails there, not in production.
  const guardQueries = deps.config.nodeEnv === "test";
  const bodyLimit = (def: RouteDef) => def.maxBytes ?? deps.config.bodyLimitBytes;

  type Queued = { def: RouteDef; write: Write; input: unknown; prepared: unknown; plan?: unknown };
  const queue = createBatchQueue<Queued, object>({
    maxBatch: MAX_BATCH,
    maxWaiting: MAX_WAITING,
    write: async (batch, key) => {
      await state.hooks.beforeBatch?.({ key, size: batch.length, waitingBehind: () => queue.waiting(key) });
      return (await writeBatch(batch)).map((outcome, i) => (outcome.ok ? outcome : { ok: false, error: refusalOf(batch[i]!.def, outcome.error) }));
    },
    // A queued sign-up of an activity the batch ahead filled is answered now, not after the winners' writes.
    ahead: (q) => (q.def.batch ? (q.def.batch.writer.ahead?.(q.write.ctx, q.plan) ?? null) : null),
  });

  /** A batch whose commands share one set-based writer is written by it; any other, or one it cannot write, one by one. */
  async function writeBatch(batch: Queued[]) {
    const writer = batch[0]!.def.batch?.writer;
    if (writer && batch.every((q) => q.def.batch?.writer === writer)) {
      try {
        return await runner.runBatch(
          batch.map((q) => q.write),
          async (items) => {
            const judged = await writer.write(items.map(({ ctx, index }) => ({ ctx, plan: batch[index]!.plan })));
            return judged.map((o, n) => {
              const q = batch[items[n]!.index]!;
              return o.ok ? { ok: true as const, answer: q.def.batch!.answer({ input: q.input, prepared: q.prepared, written: o.answer }) } : o;
            });
          },
        );
      } catch (error) {
        // Busy (a lock wait past its limit) is every item's answer; anything else (another instance's seat): one by one.
        if (isBusy(error)) throw error;
        log.debug("a batch written again one by one", { size: batch.length, error });
      }
    }
    return runner.runAll(batch.map((q) => q.write));
  }

  /** A broken unique index the route names is its refusal; anything else stays what it was. */
  function refusalOf(def: RouteDef, error: unknown): unknown {
    const index = brokenIndex(error);
    const code = index ? def.conflicts?.[index] : undefined;
    return code ? new DomainError(code) : error;
  }

  /** Reads on the pool; in tests inside a read-only transaction, so a read that writes fails there. */
  async function readOnly<T>(ctx: Ctx, read: (ctx: Ctx) => Promise<T>): Promise<T> {
    if (!guardQueries) return read(ctx);
    return db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      return read({ ...ctx, db: tx });
    });
  }

  /** One command: its checks before the transaction, its write (alone or in its key's batch), its second half after. */
  async function command(def: RouteDef, ctx: Ctx, opened: Opened | null, input: unknown): Promise<object> {
    const prepared = def.prepare ? await readOnly(ctx, (c) => def.prepare!({ ctx: c, input })) : undefined;
    // The command may change the session it came on (sign-in, sign-out): the next call reads it afresh.
    if (opened) envelope.forget(opened.sessionId);
    const write: Write = {
      ctx,
      name: def.path,
      nonce: opened ? { sessionId: opened.sessionId, nonce: opened.nonce } : undefined,
      audit: def.audit ? { action: def.audit, row: "each" } : undefined,
      verb: (c) => def.handler({ ctx: c, input, prepared }) as Promise<object>,
    };
    const key = def.queue?.({ input, prepared }) ?? null;
    let result: object;
    if (key !== null) result = await queue.enqueue(key, { def, write, input, prepared, plan: def.batch?.plan({ input, prepared }) });
    else {
      try {
        result = await runner.run(write);
      } catch (error) {
        throw refusalOf(def, error);
      }
    }
    const succeeded = !("message" in result) || (result as { message: { id: number } }).message.id === RESULT.SUCCESS;
    if (def.then && succeeded) result = await def.then({ ctx, input, result, prepared });
    return result;
  }

  const calls: Calls = {
    envelope,
    clock: deps.clock,
    bodyLimit,
    ctxOf: (opened, where, now) => ({
      db,
      now,
      config: deps.config,
      session: { id: opened?.sessionId ?? "", userId: opened?.userId ?? null },
      actor: opened?.actor ?? null,
      ...where,
      app: state,
    }),
    async throttle(def, ctx) {
      if (!def.throttle) return;
      const budget = def.throttle(deps.config);
      const wait = await takeToken(ctx, { ...budget, key: `${budget.key ?? `route:${def.path}`}:${ctx.ip ?? "unknown"}` });
      if (wait > 0) refuse("ERROR_OFTEN", { seconds: Math.ceil(wait / 1000) });
    },
    upload: (def, contentType, body, checkFields) => receiveFile(state.providers.storage, def, bodyLimit(def), contentType, body, checkFields),
    download: async (def, ctx, input) => (await def.handler({ ctx, input })) as Download,
    query: (def, ctx, input) => readOnly(ctx, async (c) => ((await def.handler({ ctx: c, input })) ?? {}) as object),
    command,
    notify: (def, request, ctx) => handleNotify(runner, def, request, ctx, bodyLimit(def)),
    admission: state.admission,
  };

  return { mountAll: (domains: Domain[]) => mountAll(domains, calls), envelope, runner };
}

export type Kit = ReturnType<typeof createKit>;
