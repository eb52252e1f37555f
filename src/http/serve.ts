// Mounts the route table on Elysia and does, in one place, what every call
// needs around its verb: the body limit before anything is buffered, the
// envelope, the access guard, the hostile-input walk and the strict schema,
// the transaction of a command with its nonce and operation-log row, and the
// mapping of every outcome to an answer and an HTTP status:
//   a refusal a verb gives (any result code)      sealed, 200
//   a protocol failure (stale, forged, replayed,  plain JSON ERROR_PARAMS, 400
//     undecryptable, unknown token, too big)      (413 for size)
//   a real fault                                  ERROR_SERVER, 500, no internals
import { sql } from "drizzle-orm";
import { Elysia } from "elysia";
import { inBackground } from "../background";
import type { Database, DbOrTx } from "../db/client";
import { rowsOf } from "../db/sql";
import { operationLog, requestNonces } from "../db/schema";
import type { Ctx, Deps } from "../domains/context";
import { takeToken } from "../domains/shared/rate-limit";
import type { Access } from "../protocol/powers";
import { DomainError, message } from "../protocol/result";
import { RESULT } from "../protocol/types";
import { log } from "../log";
import { providersOf } from "../providers";
import { StorageUnavailable, storageKeyOf } from "../providers/storage";
import { ProtocolError, type Envelope, type Opened, createEnvelope } from "./envelope";
import { type Checker, compile, hostile } from "./input";
import { noteActor } from "./request-log";
import type { AuditTarget, Domain, Download, FileKind, RouteDef, UploadedFile } from "./kit";

/** iv and tag around a sealed body. */
const SEAL_OVERHEAD = 64;
/** Room for the multipart framing around an uploaded file. */
const MULTIPART_OVERHEAD = 16 * 1024;

/** The envelope's own query parameters; the rest of a signed GET's query is its input. */
const PROTOCOL_PARAMS = new Set(["token_id", "stamp", "key"]);

const plain = (answer: unknown, status: number) =>
  new Response(JSON.stringify(answer), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });

/** Reads at most `limit` bytes: a declared length over it is refused unread, a stream is cut off when it passes it. */
export async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    if (!/^\d+$/.test(declared) || Number(declared) > limit) throw new ProtocolError("size");
    return new Uint8Array(await request.arrayBuffer());
  }
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > limit) throw new ProtocolError("size");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The file type from its first bytes, never from its name. */
export function sniff(bytes: Uint8Array): FileKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  // An xlsx is a zip whose entries name the workbook part.
  if (starts(0x50, 0x4b, 0x03, 0x04) && Buffer.from(bytes.subarray(0, Math.min(bytes.length, 64 * 1024))).includes("xl/")) return "xlsx";
  return null;
}

/** The index a concurrent writer hit, when a write broke a unique index. */
export function brokenIndex(error: unknown): string | null {
  for (let e = error as { code?: string; message?: string; constraint_name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return e.constraint_name ?? /"([^"]+)"/.exec(e.message ?? "")?.[1] ?? "";
  }
  return null;
}

function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The host and port the visitor used, from the request's own address (no second URL parse per call). */
function hostOf(url: string): string | null {
  const start = url.indexOf("//");
  if (start < 0) return null;
  const end = url.indexOf("/", start + 2);
  return url.slice(start + 2, end < 0 ? undefined : end) || null;
}

const isSuccess = (answer: object) => !("message" in answer) || (answer as { message: { id: number } }).message.id === RESULT.SUCCESS;

function allowed(access: Access, actor: Ctx["actor"]): "ERROR_LOGIN_CODE" | "ERROR_NOT_POWER" | null {
  if (access === "public" || access === "session") return null;
  if (!actor) return "ERROR_LOGIN_CODE";
  if (access === "user") return null;
  const powers = typeof access === "string" ? [access] : access;
  return powers.some((p) => actor.powers.has(p)) ? null : "ERROR_NOT_POWER";
}

/** A command on its way to the database. */
type Job = {
  def: RouteDef;
  ctx: Ctx;
  opened: Opened | null;
  input: unknown;
  prepared: unknown;
  tasks: ((ctx: Ctx) => Promise<unknown>)[];
  settle?: { resolve: (answer: object) => void; reject: (error: unknown) => void };
};

export function createKit(deps: Deps) {
  const envelope: Envelope = createEnvelope(deps.database, deps.config);
  const providers = providersOf(deps);
  const { db } = deps.database;
  // Tests run every query in a read-only transaction: a query that writes fails there, not in production.
  const guardQueries = deps.config.nodeEnv === "test";

  const limitOf = (def: RouteDef) => def.maxBytes ?? deps.config.bodyLimitBytes;

  function baseCtx(opened: Opened | null, request: Request, ip: string | null, now: Date): Ctx {
    return {
      db,
      now,
      config: deps.config,
      session: { id: opened?.sessionId ?? "", userId: opened?.userId ?? null },
      actor: opened?.actor ?? null,
      ip,
      host: hostOf(request.url),
      userAgent: request.headers.get("user-agent"),
      providers,
    };
  }

  /** A command's writes: its nonce, the verb, and its log row, in the transaction (or savepoint) given. */
  async function write(tx: DbOrTx, job: Job): Promise<object> {
    const { def, ctx, opened, input, prepared, tasks } = job;
    if (opened) {
      envelope.forget(opened.sessionId);
      await tx.insert(requestNonces).values({ sessionId: opened.sessionId, nonce: opened.nonce, expiresAt: new Date(ctx.now.getTime() + 5 * 60_000) });
    }
    let operationId: Promise<number> | null = null;
    const inner = {
      ...ctx,
      db: tx,
      afterCommit: (task: (ctx: Ctx) => Promise<unknown>) => void tasks.push(task),
      operationId: () => (operationId ??= nextOperationId(tx, def)),
    };
    const answer = ((await def.handler({ ctx: inner, input, prepared })) ?? {}) as object & { audit?: AuditTarget };
    if (def.audit && isSuccess(answer)) {
      const target = answer.audit;
      if (!target) throw new Error(`${def.path}: an audited command must return the target it changed`);
      await tx.insert(operationLog).values({
        ...(operationId ? { id: await operationId } : {}),
        userId: ctx.actor?.id ?? null,
        action: def.audit,
        targetEntity: target.entity,
        targetId: String(target.id),
        targetUserId: target.userId ?? null,
        detail: target.detail ?? null,
        ip: ctx.ip,
        createdAt: ctx.now,
      });
    }
    return answer;
  }

  /** A broken unique index the route names is its refusal; anything else stays what it was. */
  function refusalOf(def: RouteDef, error: unknown): unknown {
    const index = brokenIndex(error);
    const code = index ? def.conflicts?.[index] : undefined;
    return code ? new DomainError(code) : error;
  }

  /**
   * Commands of one queue key (the sign-ups and one-item checkouts of one activity) are written a
   * batch at a time: one transaction, each command in its own savepoint, so
   * a hot row is locked once per batch instead of being handed from
   * transaction to transaction, and one commit (one flush) serves them all.
   * Each command still stands alone: a refusal or a conflict rolls back its
   * savepoint only. A failed commit fails the batch, and nothing of it is kept.
   */
  const queues = new Map<string, Job[]>();
  const MAX_BATCH = 64;

  function enqueue(key: string, job: Job): Promise<object> {
    return new Promise((resolve, reject) => {
      job.settle = { resolve, reject };
      const waiting = queues.get(key);
      if (waiting) return void waiting.push(job);
      queues.set(key, [job]);
      void drain(key);
    });
  }

  async function drain(key: string) {
    for (;;) {
      const waiting = queues.get(key)!;
      if (waiting.length === 0) return void queues.delete(key);
      const batch = waiting.splice(0, MAX_BATCH);
      const outcomes: ({ ok: true; answer: object } | { ok: false; error: unknown })[] = [];
      try {
        await db.transaction(async (tx) => {
          for (const job of batch) {
            try {
              outcomes.push({ ok: true, answer: await tx.transaction((savepoint) => write(savepoint, job)) });
            } catch (error) {
              job.tasks.length = 0;
              outcomes.push({ ok: false, error: refusalOf(job.def, error) });
            }
          }
        });
      } catch (error) {
        for (const job of batch) job.settle!.reject(error);
        continue;
      }
      batch.forEach((job, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) job.settle!.resolve(outcome.answer);
        else job.settle!.reject(outcome.error);
      });
    }
  }

  /** One command: nonce, verb and log row in one transaction; background work after the commit. */
  async function runCommand(def: RouteDef, ctx: Ctx, opened: Opened | null, input: unknown): Promise<object> {
    const prepared = def.prepare ? await readOnly(ctx, (c) => def.prepare!({ ctx: c, input })) : undefined;
    const job: Job = { def, ctx, opened, input, prepared, tasks: [] };
    const { tasks } = job;
    let result: object;
    const key = def.queue?.({ input, prepared }) ?? null;
    if (key !== null) {
      result = await enqueue(key, job);
    } else {
      try {
        result = await db.transaction((tx) => write(tx, job));
      } catch (error) {
        throw refusalOf(def, error);
      }
    }
    if ("audit" in result) {
      const { audit: _, ...rest } = result as { audit?: unknown };
      result = rest;
    }
    for (const task of tasks) inBackground("after-commit work", () => task(ctx), { route: def.path });
    if (def.then && isSuccess(result)) result = await def.then({ ctx, input, result });
    return result;
  }

  /** Reads on the pool; in tests inside a read-only transaction, so a read that writes fails there. */
  async function readOnly<T>(ctx: Ctx, read: (ctx: Ctx) => Promise<T>): Promise<T> {
    if (!guardQueries) return read(ctx);
    return db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      return read({ ...ctx, db: tx });
    });
  }

  async function runQuery(def: RouteDef, ctx: Ctx, input: unknown): Promise<object> {
    return readOnly(ctx, async (c) => ((await def.handler({ ctx: c, input })) ?? {}) as object);
  }

  /** Refuses the input before any verb sees it; the reason travels as a parameter. */
  function checkInput(input: unknown, check: Checker) {
    const bad = hostile(input);
    if (bad) throw new DomainError("ERROR_PARAMS", { reason: bad });
    if (!check(input)) throw new DomainError("ERROR_PARAMS", { reason: "schema" });
  }

  async function throttle(def: RouteDef, ctx: Ctx) {
    if (!def.throttle) return;
    const budget = def.throttle(deps.config);
    const wait = await takeToken(ctx, { ...budget, key: `${budget.key ?? `route:${def.path}`}:${ctx.ip ?? "unknown"}` });
    if (wait > 0) throw new DomainError("ERROR_OFTEN", { seconds: Math.ceil(wait / 1000) });
  }

  /** Every outcome that is not a normal answer. */
  async function failure(def: RouteDef, error: unknown, opened: Opened | null): Promise<Response> {
    if (error instanceof ProtocolError) {
      // A stale stamp is told the server's time, so a client whose clock is off can sign again by it.
      const params = error.reason === "stale" ? { reason: error.reason, now: deps.clock().getTime() } : { reason: error.reason };
      return plain({ message: message("ERROR_PARAMS", params) }, error.reason === "size" ? 413 : 400);
    }
    const code = pgCode(error);
    // A write replayed on another instance: its nonce is already recorded.
    if (code === "23505" && brokenIndex(error)?.startsWith("request_nonces")) return plain({ message: message("ERROR_PARAMS", { reason: "replay" }) }, 400);
    let answer: { message: ReturnType<typeof message> };
    let status = 200;
    if (error instanceof DomainError) answer = { message: message(error.code, error.params) };
    // lock_not_available / query_canceled: the 3 s timeouts on a hot row; deadlock_detected: PostgreSQL chose this
    // transaction to roll back (two batches of one member's commands in two queues). Nothing was written: retry.
    else if (code === "55P03" || code === "57014" || code === "40P01") answer = { message: message("ERROR_BUSY") };
    else if (error instanceof StorageUnavailable) {
      // The file store failed or refused after its tries, and said why in the log: an upload wrote no row; a plain
      // download (an <img>, a <video>) is told 503, which a browser or proxy may try again, not a 400 blaming the asker.
      answer = { message: message("ERROR_BUSY", { reason: "storage" }) };
      if (!opened) status = 503;
    }
    else {
      log.error("unexpected error", { route: def.path, actor: opened?.userId ?? null, error });
      answer = { message: message("ERROR_SERVER") };
      status = 500;
    }
    if (opened) return envelope.seal(opened, answer, status);
    // Unsealed (the handshake, or a session not yet trusted): malformed input is a 400, a throttle a 429.
    if (error instanceof DomainError && def.access === "public") return plain(answer, error.code === "ERROR_PARAMS" ? 400 : error.code === "ERROR_OFTEN" ? 429 : 200);
    return plain(answer, status === 200 ? 400 : status);
  }

  function mount(def: RouteDef) {
    const check = compile(def.input);
    const path = `/api${def.path}`;
    const signed = def.access !== "public";

    async function handle(request: Request, ip: string | null): Promise<Response> {
      const now = deps.clock();
      let opened: Opened | null = null;
      try {
        if (def.kind === "notify") return await handleNotify(def, request, ip, now);
        let payload: unknown;
        let body: Uint8Array | null = null;
        if (def.method === "GET") {
          if (signed) {
            const open = await envelope.open("GET", request, path, now, new Uint8Array());
            opened = open.opened;
            payload = Object.fromEntries([...open.params].filter(([k]) => !PROTOCOL_PARAMS.has(k)));
          } else {
            const q = request.url.indexOf("?");
            payload = Object.fromEntries(new URLSearchParams(q < 0 ? "" : request.url.slice(q + 1)));
          }
        } else {
          body = await readBody(request, def.kind === "upload" ? limitOf(def) + MULTIPART_OVERHEAD : limitOf(def) + SEAL_OVERHEAD);
          if (signed) {
            const open = await envelope.open("POST", request, path, now, body, def.kind === "upload");
            opened = open.opened;
            payload = open.payload;
          } else {
            try {
              payload = JSON.parse(new TextDecoder().decode(body));
            } catch {
              throw new ProtocolError("body");
            }
          }
        }
        const ctx = baseCtx(opened, request, ip, now);
        if (ctx.actor) noteActor(request, ctx.actor.id);
        const refused = allowed(def.access, ctx.actor);
        if (refused) throw new DomainError(refused);
        let input: unknown;
        if (def.kind === "upload") input = { file: await store(await fileOf(def, request, body!)) };
        else {
          checkInput(payload, check);
          input = payload;
        }
        await throttle(def, ctx);
        if (def.kind === "download") return downloadResponse((await def.handler({ ctx, input })) as Download);
        const result = def.kind === "query" ? await runQuery(def, ctx, input) : await runCommand(def, ctx, opened, input);
        const answer = "message" in result ? result : { message: message("SUCCESS"), ...result };
        return opened ? await envelope.seal(opened, answer) : plain(answer, 200);
      } catch (error) {
        return failure(def, error, opened);
      }
    }
    return handle;
  }

  type Received = { bytes: Uint8Array; kind: FileKind; name: string };

  /** The one part named `file`, its type read from the bytes. */
  async function fileOf(def: RouteDef, request: Request, body: Uint8Array): Promise<Received> {
    let form: FormData;
    try {
      form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
    } catch {
      throw new DomainError("ERROR_PARAMS", { reason: "schema" });
    }
    const file = form.get("file");
    if (!(file instanceof Blob) || [...form.keys()].length !== 1) throw new DomainError("ERROR_PARAMS", { reason: "schema" });
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length === 0 || bytes.length > limitOf(def)) throw new DomainError("ERROR_PARAMS", { reason: "size", max: limitOf(def) });
    const kind = sniff(bytes);
    if (!kind || !def.files?.includes(kind)) throw new DomainError("ERROR_PARAMS", { reason: "type", types: def.files });
    const name = (file as File).name ?? "";
    return { bytes, kind, name: name.isWellFormed() ? name.replaceAll("\0", "").slice(0, 200) : "" };
  }

  /** Before the command's transaction: storage may be a network call. Content-addressed, so a retry stores nothing twice. */
  async function store({ bytes, kind, name }: Received): Promise<UploadedFile> {
    const key = storageKeyOf(bytes, kind);
    await providers.storage.put(key, bytes, FILE_TYPES[kind]);
    return { key, kind, name, size: bytes.length };
  }

  async function handleNotify(def: RouteDef, request: Request, ip: string | null, now: Date): Promise<Response> {
    const ctx = baseCtx(null, request, ip, now);
    let body: string;
    try {
      body = new TextDecoder().decode(await readBody(request, limitOf(def)));
    } catch (error) {
      if (error instanceof ProtocolError) return def.answer!(ctx, "refused");
      throw error;
    }
    const notice = await def.read!({ ctx, raw: { body, headers: request.headers } });
    if (notice === null) return def.answer!(ctx, "refused");
    try {
      const accepted = await db.transaction(async (tx) => (await def.handler({ ctx: { ...ctx, db: tx }, input: notice })) as boolean);
      return def.answer!(ctx, accepted ? "accepted" : "refused");
    } catch (error) {
      // Verified but not applied (the database is busy or gone): the provider is told to send it again.
      log.error("notification could not be applied; the provider will send it again", { route: def.path, error });
      return def.answer!(ctx, "failed");
    }
  }

  function mountAll(domains: Domain[]) {
    let app = new Elysia({ name: "api" });
    for (const d of domains) {
      for (const def of d.routes) {
        const handle = mount(def);
        const path = `/api${def.path}`;
        const route = ({ request, server }: { request: Request; server: { requestIP(r: Request): { address: string } | null } | null }) =>
          handle(request, server?.requestIP(request)?.address ?? null);
        app = (def.method === "GET" ? app.get(path, route, { parse: "none" }) : app.post(path, route, { parse: "none" })) as unknown as typeof app;
      }
    }
    return app;
  }

  return { mountAll, envelope };
}

export const FILE_TYPES: Record<FileKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

function downloadResponse(file: Download): Response {
  const headers: Record<string, string> = {
    "content-type": file.type,
    "cache-control": file.cache === "immutable" ? "public, max-age=31536000, immutable" : "no-store",
    "x-content-type-options": "nosniff",
  };
  if (file.filename) headers["content-disposition"] = `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`;
  return new Response(file.body as BodyInit, { headers });
}

async function nextOperationId(tx: DbOrTx, def: RouteDef): Promise<number> {
  if (!def.audit) throw new Error(`${def.path}: only an audited command has an operation`);
  const rows = await tx.execute(sql`select nextval(pg_get_serial_sequence('operation_log', 'id'))::int as id`);
  return rowsOf<{ id: number }>(rows)[0]!.id;
}

export type Kit = ReturnType<typeof createKit>;
export type { Database };
