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
import type { AuditTarget, CommandCtx } from "./kit";

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

const isSuccess = (answer: object) => !("message" in answer) || (answer as { message: { id: number } }).message.id === RESULT.SUCCESS;

/** The answer without its log target. */
function answered<R extends object>(answer: R & { audit?: unknown }): R {
  if (!("audit" in answer)) return answer;
  const { audit: _, ...rest } = answer;
  return rest as R;
}

export type Runner = ReturnType<typeof createRunner>;

export function createRunner(db: Db) {
  /** A write's statements in the transaction (or savepoint) given; its after-commit tasks pushed on `tasks`. */
  async function inside<R extends object>(tx: DbOrTx, write: Write<R>, tasks: (() => Promise<unknown>)[]): Promise<R> {
    const { ctx, audit, nonce } = write;
    if (nonce) await tx.insert(requestNonces).values({ sessionId: nonce.sessionId, nonce: nonce.nonce, expiresAt: new Date(ctx.now.getTime() + NONCE_LIFETIME_MS) });
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
    const answer = ((await write.verb(inner)) ?? {}) as R & { audit?: AuditTarget };
    if (audit && isSuccess(answer)) {
      const target = answer.audit;
      if (!target && audit.row === "each") throw new Error(`${write.name}: an audited command must return the target it changed`);
      if (target) {
        await tx.insert(operationLog).values({
          ...(operationId ? { id: await operationId } : {}),
          userId: ctx.actor?.id ?? null,
          action: audit.action,
          targetEntity: target.entity,
          targetId: String(target.id),
          targetUserId: target.userId ?? null,
          detail: target.detail ?? null,
          ip: ctx.ip,
          createdAt: ctx.now,
        });
      }
    }
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
  };
}

async function nextOperationId(tx: DbOrTx): Promise<number> {
  const rows = await tx.execute(sql`select nextval(pg_get_serial_sequence('operation_log', 'id'))::int as id`);
  return rowsOf<{ id: number }>(rows)[0]!.id;
}
