// Every write of the portal goes through here, whoever asks: an HTTP command,
// a job's tick, a payment created or abandoned after a commit, a provider's
// notification, a reconcile. No HTTP in it. One write is one transaction that
//   1. records the request's nonce, when it came signed (a replay on another
//      instance breaks the nonce's unique index and changes nothing),
//   2. runs the verb,
//   3. writes the operation-log row of its audit action, with the target the
//      verb names (`audit` in its answer; left out of what the caller gets),
// and, once committed, starts the work the verb left for after the commit.
// Several writes can share one transaction, each in its own savepoint (the
// batch queue): a failing one rolls back alone.
import { sql } from "drizzle-orm";
import { inBackground } from "../background";
import type { Db, DbOrTx } from "../db/client";
import { rowsOf } from "../db/sql";
import { operationLog, requestNonces } from "../db/schema";
import type { Ctx } from "../domains/context";
import { RESULT } from "../protocol/result-codes";

/** A command's context: its transaction, and work to run once it has committed. */
export type CommandCtx<C extends Ctx = Ctx> = C & {
  /** Runs after the commit, outside the request (message delivery); never when the command rolls back. */
  afterCommit(task: (ctx: Ctx) => Promise<unknown>): void;
  /** The id of this command's operation-log row (audited commands only), for rows that point to it (property_log). */
  operationId(): Promise<number>;
};

/** What an audited command's verb names as the thing it changed; the kit writes it to operation_log. */
export type AuditTarget = { entity: string; id: string | number; userId?: number | null; detail?: string | null };

/** How long a recorded nonce is kept: past it the envelope's stamp check refuses the request anyway. */
const NONCE_LIFETIME_MS = 5 * 60_000;

export type Write<R extends object = object> = {
  /** The context the verb runs in; its `db` becomes the transaction. */
  ctx: Ctx;
  verb: (ctx: CommandCtx) => Promise<R | void> | R | void;
  /**
   * The operation-log action. "each" success must name its target (a
   * command: forgetting is a bug, and fails loudly); "when named" writes a
   * row only when the verb names one (a job's tick that changed nothing
   * writes none).
   */
  audit?: { action: string; row: "each" | "when named" };
  /** A signed request's nonce. */
  nonce?: { sessionId: string; nonce: string };
  /** Where a route is named in an error: its path, or the job's name. */
  name: string;
};

export type Outcome<R> = { ok: true; answer: R } | { ok: false; error: unknown };

/** A signed request whose nonce was already recorded (on any instance): answered as a replay, nothing written. */
export class ReplayedRequest extends Error {
  constructor() {
    super("the request's nonce was used before");
  }
}

const isSuccess = (answer: object) => !("message" in answer) || (answer as { message: { id: number } }).message.id === RESULT.SUCCESS;

/** The answer without its log target. */
function answered<R extends object>(answer: R & { audit?: unknown }): R {
  if (!("audit" in answer)) return answer;
  const { audit: _, ...rest } = answer;
  return rest as R;
}

export type Runner = ReturnType<typeof createRunner>;

declare module "../domains/context" {
  interface AppState {
    /** Every write outside a request (jobs, pay links, notifications, reconcile) goes through it, as requests do. */
    runner: Runner;
  }
}

export function createRunner(db: Db) {
  /** The verb's context in the transaction given: its after-commit tasks pushed on `tasks`. */
  function commandCtx(tx: DbOrTx, write: Write, tasks: (() => Promise<unknown>)[]) {
    const { ctx, audit } = write;
    let operationId: Promise<number> | null = null;
    const inner: CommandCtx = {
      ...ctx,
      db: tx,
      afterCommit: (task) => void tasks.push(() => task(ctx)),
      operationId: () => {
        if (!audit) throw new Error(`${write.name}: only an audited write has an operation`);
        return (operationId ??= nextOperationId(tx));
      },
    };
    /** The operation id the verb asked for, if it did (the log row then takes it). */
    return { inner, askedId: () => operationId };
  }

  /** The operation-log row of a successful audited write, or null when it writes none. */
  function logRow(write: Write, answer: object & { audit?: AuditTarget }, id: number | null) {
    const { ctx, audit } = write;
    if (!audit || !isSuccess(answer)) return null;
    const target = answer.audit;
    if (!target && audit.row === "each") throw new Error(`${write.name}: an audited command must return the target it changed`);
    if (!target) return null;
    return {
      ...(id !== null ? { id } : {}),
      userId: ctx.actor?.id ?? null,
      action: audit.action,
      targetEntity: target.entity,
      targetId: String(target.id),
      targetUserId: target.userId ?? null,
      detail: target.detail ?? null,
      ip: ctx.ip,
      createdAt: ctx.now,
    };
  }

  const nonceRow = (write: Write) => ({ sessionId: write.nonce!.sessionId, nonce: write.nonce!.nonce, expiresAt: new Date(write.ctx.now.getTime() + NONCE_LIFETIME_MS) });

  /** A write's statements in the transaction (or savepoint) given; its after-commit tasks pushed on `tasks`. */
  async function inside<R extends object>(tx: DbOrTx, write: Write<R>, tasks: (() => Promise<unknown>)[]): Promise<R> {
    if (write.nonce) {
      const recorded = await tx.insert(requestNonces).values(nonceRow(write)).onConflictDoNothing().returning({ nonce: requestNonces.nonce });
      if (recorded.length === 0) throw new ReplayedRequest();
    }
    const { inner, askedId } = commandCtx(tx, write, tasks);
    const answer = ((await write.verb(inner)) ?? {}) as R & { audit?: AuditTarget };
    const asked = askedId();
    const row = logRow(write, answer, asked ? await asked : null);
    if (row) await tx.insert(operationLog).values(row);
    return answer;
  }

  const afterCommit = (name: string, tasks: (() => Promise<unknown>)[]) => {
    for (const task of tasks) inBackground("after-commit work", task, { route: name });
  };

  return {
    /** One write in its own transaction; what it left for later starts once it has committed. */
    async run<R extends object>(write: Write<R>): Promise<R> {
      const tasks: (() => Promise<unknown>)[] = [];
      const answer = await db.transaction((tx) => inside(tx, write, tasks));
      afterCommit(write.name, tasks);
      return answered(answer);
    },

    /**
     * Several writes in one transaction, each in its own savepoint: a refusal
     * or a conflict rolls back that write alone and is its outcome. A failed
     * commit fails them all (thrown), and nothing of them is kept.
     */
    async runAll<R extends object>(writes: readonly Write<R>[]): Promise<Outcome<R>[]> {
      const tasks = writes.map(() => [] as (() => Promise<unknown>)[]);
      const outcomes: Outcome<R>[] = [];
      await db.transaction(async (tx) => {
        for (const [i, write] of writes.entries()) {
          try {
            outcomes.push({ ok: true, answer: answered(await tx.transaction((savepoint) => inside(savepoint, write, tasks[i]!))) });
          } catch (error) {
            tasks[i]!.length = 0;
            outcomes.push({ ok: false, error });
          }
        }
      });
      writes.forEach((write, i) => afterCommit(write.name, tasks[i]!));
      return outcomes;
    },

    /**
     * Several writes in one transaction written by one set-based `together`
     * (src/http/kit.ts BatchWriter), which judges each alone: the nonces in
     * one statement (a replayed one is refused and left out), then
     * `together`, then the operation-log rows in one statement. A throw fails
     * the batch, with nothing kept: the caller may write it again one by one.
     */
    async runBatch<R extends object>(writes: readonly Write<R>[], together: (items: readonly { ctx: CommandCtx; index: number }[]) => Promise<Outcome<R>[]>): Promise<Outcome<R>[]> {
      const tasks = writes.map(() => [] as (() => Promise<unknown>)[]);
      const outcomes: Outcome<R>[] = writes.map(() => ({ ok: false, error: new ReplayedRequest() }));
      await db.transaction(async (tx) => {
        const signed = writes.filter((w) => w.nonce);
        const recorded = new Set<string>();
        if (signed.length > 0) {
          const rows = await tx.insert(requestNonces).values(signed.map(nonceRow)).onConflictDoNothing().returning({ sessionId: requestNonces.sessionId, nonce: requestNonces.nonce });
          for (const r of rows) recorded.add(`${r.sessionId}:${r.nonce}`);
        }
        // The same nonce twice in one batch is recorded once: the first is the request, the second its replay.
        const fresh = writes.flatMap((w, i) => (!w.nonce || recorded.delete(`${w.nonce.sessionId}:${w.nonce.nonce}`) ? [i] : []));
        const judged = await together(fresh.map((index) => ({ ctx: commandCtx(tx, writes[index]!, tasks[index]!).inner, index })));
        const logRows = [];
        for (const [n, i] of fresh.entries()) {
          const outcome = judged[n]!;
          outcomes[i] = outcome.ok ? { ok: true, answer: answered(outcome.answer) } : outcome;
          const row = outcome.ok ? logRow(writes[i]!, outcome.answer, null) : null;
          if (row) logRows.push(row);
        }
        if (logRows.length > 0) await tx.insert(operationLog).values(logRows);
      });
      writes.forEach((write, i) => afterCommit(write.name, tasks[i]!));
      return outcomes;
    },
  };
}

async function nextOperationId(tx: DbOrTx): Promise<number> {
  const rows = await tx.execute(sql`select nextval(pg_get_serial_sequence('operation_log', 'id'))::int as id`);
  return rowsOf<{ id: number }>(rows)[0]!.id;
}
