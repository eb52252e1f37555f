// How a domain declares its calls. The kind of call says what the framework
// does around the verb, so a verb reads as the rule alone. A new call, in
// short (docs/architecture.md follows three from the door to their tables):
//   1. the input as a TypeBox schema, the verb as ({ ctx, input }) => answer;
//   2. a line in the domain's routes.ts: query(path, { access, input }, verb),
//      or command(...) with `audit` (the verb then returns `audit: target`);
//   3. refuse with refuse(code, params) or refuseField(field), which throw and
//      roll back; a refusal that must commit is returned as refused(code);
//   4. anything outside (a provider, a wait) goes in `then`, after the commit.
// The kinds:
//   query     read-only; the verb gets the pool, never a transaction
//   command   one transaction that first records the request nonce, then the
//             verb, then (when declared) the operation-log row of its action
//   upload    a command whose payload is one signed multipart file, size
//             limited per route, type read from the bytes, kept by storage
//   download  a signed GET answered with bytes (image, xlsx, PDF)
//   notify    a provider's callback: read and verified outside any
//             transaction, applied inside one, acknowledged as it expects
// Access decides the envelope: "public" calls travel in plain JSON, all
// others signed and sealed. src/http/serve.ts puts the kit together; the
// permission and malformed-body walks in tests/api read it.
import { type Static, type TSchema, Type as t } from "@sinclair/typebox";
import type { Config } from "../config";
import type { Ctx, MemberCtx } from "../domains/context";
import type { Access } from "../protocol/powers";
import type { NoticeOutcome } from "../providers/payment";
import type { Message } from "../protocol/result";
import type { ResultCode } from "../protocol/result-codes";
import { strict } from "./input";
import type { AuditTarget, CommandCtx, Outcome } from "./runner";

// The runner makes a command's context; routes and verbs name it from here, the kit's one face.
export type { AuditTarget, CommandCtx } from "./runner";

export type Kind = "query" | "command" | "upload" | "download" | "notify";

/** Member and staff routes get a context whose actor is always there. */
export type CtxFor<A extends Access> = A extends "public" | "session" ? Ctx : MemberCtx;


export type FileKind = "png" | "jpeg" | "xlsx" | "pdf";

/**
 * One route of the table. `P`, `I` and `A` carry its path, input and answer
 * types to the typed client (src/domains/api.ts); they exist only for the
 * type checker.
 */
export type RouteDef<P extends string = string, I = unknown, A = unknown> = {
  kind: Kind;
  method: "GET" | "POST";
  path: P;
  readonly types?: { input: I; answer: A };
  access: Access;
  /** The payload (POST) or the query parameters (GET), strict. */
  input: TSchema;
  /** What the body may weigh; unset: the setting BODY_LIMIT_KB (256 KB: every form of the specs fits many times over). */
  maxBytes?: number;
  /** command: the operation-log action, e.g. "news.delete". */
  audit?: string;
  /** command: a unique index a concurrent writer can break, and the refusal it means. */
  conflicts?: Record<string, ResultCode>;
  /** command: the reads that decide a refusal, before the transaction opens (so a refusal holds no connection and no lock); upload: before the file is stored. */
  prepare?: (args: { ctx: Ctx; input: unknown }) => Promise<unknown>;
  /** command: commands with the same key are written a batch at a time (src/http/serve.ts). */
  queue?: (args: { input: unknown; prepared: unknown }) => string | null;
  /** command: how a queued command joins its batch's set-based writer. */
  batch?: Batched<unknown, unknown, unknown, object>;
  /** command: the second half of the answer, after the commit and outside any transaction (a provider call). */
  then?: (args: { ctx: Ctx; input: unknown; result: object; prepared: unknown }) => Promise<object>;
  /** upload: the file types accepted, read from the bytes. */
  files?: readonly FileKind[];
  /** notify: verification outside the transaction, and the answer the provider expects. */
  read?: (args: { ctx: Ctx; raw: { body: string; headers: Headers } }) => Promise<unknown | null>;
  answer?: (ctx: Ctx, outcome: NoticeOutcome) => Response;
  /**
   * A per-address budget, taken before the verb and kept whatever it answers:
   * `burst` calls at once, refilled at `perSecond` (read from the settings).
   * Routes naming the same `key` share one budget.
   */
  throttle?: (config: Config) => { key?: string; burst: number; perSecond: number };
  /** Bounded by a line of its own (sign-in's password line, which answers busy itself): not counted by the instance's admission. */
  ownLine?: boolean;
  handler: (args: { ctx: Ctx; input: unknown; prepared?: unknown }) => unknown;
};

type Verb<C, I, R> = (args: { ctx: C; input: I }) => Promise<R> | R;
/** A command's verb: with what its `prepare` found, when it has one. */
type PreparedVerb<C, I, R, Pre> = (args: { ctx: C; input: I; prepared: Pre }) => Promise<R> | R;

/** What the caller receives of a verb's result: without the log target, and without a refusal's bare message. */
export type Answered<R> = Omit<Exclude<Awaited<R>, void | { message: unknown; audit?: never }>, "audit">;
type Options<A extends Access, S extends TSchema> = { access: A; input?: S; maxBytes?: number; throttle?: RouteDef["throttle"]; ownLine?: boolean };

const EMPTY = t.Object({});

// The type parameters only describe the route to the typed client; at run time every route is alike.
function def<D extends RouteDef<string, any, any>>(kind: Kind, method: "GET" | "POST", path: string, opts: Options<Access, TSchema>, handler: RouteDef["handler"], extra: Partial<RouteDef> = {}): D {
  return {
    kind,
    method,
    path,
    access: opts.access,
    input: strict(opts.input ?? EMPTY, path),
    maxBytes: opts.maxBytes,
    throttle: opts.throttle,
    ownLine: opts.ownLine,
    handler,
    ...extra,
  } as D;
}

/** A read: no transaction, nothing written. */
export function query<P extends string, A extends Access, S extends TSchema = typeof EMPTY, R extends object | void = object>(
  path: P,
  opts: Options<A, S> & { method?: "GET" | "POST" },
  verb: Verb<CtxFor<A>, Static<S>, R>,
): RouteDef<P, Static<S>, Answered<R>> {
  return def("query", opts.method ?? "POST", path, opts, verb as RouteDef["handler"]);
}

/**
 * A domain's writer of a whole batch with set-based statements (one hot
 * activity's sign-ups and checkouts): it judges each item alone, as if
 * written alone, in the order given, and returns one outcome per item, in
 * the batch's one transaction (each item's ctx holds it). Routes naming the
 * same writer share its batches; a batch it cannot write (a unique index
 * broken by another instance) is written again one by one, each in its own
 * savepoint.
 */
export type BatchWriter<Plan> = {
  write(items: readonly { ctx: CommandCtx<any>; plan: Plan }[]): Promise<Outcome<object>[]>;
  /** The refusal a queued item gets at once instead of waiting for its batch (a sold-out activity), or null to wait. */
  ahead?(ctx: Ctx, plan: Plan): Message | null;
};

/** How a route's command becomes an item of its writer's batch, and the writer's answer its own. */
export type Batched<I, Pre, Plan, R> = {
  writer: BatchWriter<Plan>;
  plan: (args: { input: I; prepared: Pre }) => Plan;
  answer: (args: { input: I; prepared: Pre; written: any }) => R;
};

type CommandOptions<A extends Access, S extends TSchema, R, T, Pre> = Options<A, S> & {
  /** GET only where the spec says so (the token handshake). */
  method?: "GET" | "POST";
  /**
   * Reads before the transaction: everything that can refuse without writing
   * (a sold-out or ineligible answer never waits for a connection's
   * transaction or a hot row). A refusal thrown here is answered like the
   * verb's; what it returns is handed to the verb as `prepared`.
   */
  prepare?: (args: { ctx: CtxFor<A>; input: Static<S> }) => Promise<Pre>;
  /**
   * Commands with the same key wait in one queue and are written a batch at a
   * time, each in its own savepoint (a hot row, such as one activity's places).
   * Keys are shared across routes (`activityQueue`); null writes the command on
   * its own. A batch's transaction holds every lock its commands take, so a
   * key's commands lock only the rows under that key and their member's own;
   * a member with commands in two queues at once could make two batches wait
   * on each other, and PostgreSQL then rolls one back ("busy, retry").
   */
  queue?: (args: { input: Static<S>; prepared: Pre }) => string | null;
  /** With a queue: written with the rest of its batch by one set-based writer (the verb still writes it alone when needed). */
  batch?: Batched<Static<S>, Pre, any, NoInfer<Awaited<R>>>;
  audit?: string;
  conflicts?: Record<string, ResultCode>;
  then?: (args: { ctx: CtxFor<A>; input: Static<S>; result: Answered<R>; prepared: Pre }) => Promise<T>;
};

/**
 * A write. The verb runs in the command's one transaction; a refusal it
 * throws rolls everything back, a refusal it returns (`refused(code)`, the one `Refused` shape) commits
 * (a counted wrong code). An audited verb returns `audit: AuditTarget` beside
 * its answer; the kit writes the log row and leaves it out of the answer.
 */
export function command<P extends string, A extends Access, S extends TSchema = typeof EMPTY, R extends object | void = object, T extends object = never, Pre = undefined>(
  path: P,
  opts: CommandOptions<A, S, R, T, Pre>,
  verb: PreparedVerb<CommandCtx<CtxFor<A>>, Static<S>, R, Pre>,
): RouteDef<P, Static<S>, [T] extends [never] ? Answered<R> : T> {
  return def("command", opts.method ?? "POST", path, opts, verb as RouteDef["handler"], {
    prepare: opts.prepare as RouteDef["prepare"],
    queue: opts.queue as RouteDef["queue"],
    batch: opts.batch as RouteDef["batch"],
    audit: opts.audit,
    conflicts: opts.conflicts,
    then: opts.then as RouteDef["then"],
  });
}

/** A received file, already kept by the storage provider under a content-addressed key; `bytes` as received, so a verb reading it (an import) calls no store inside its transaction. */
export type UploadedFile = { key: string; kind: FileKind; name: string; size: number; bytes: Uint8Array };

/**
 * A command whose payload is one file (multipart part `file`), signed over the
 * whole body; `fields` names the text parts beside it, if any (strings only).
 */
type UploadOptions<A extends Access, F extends TSchema> = {
  access: A;
  maxBytes: number;
  files: readonly FileKind[];
  audit?: string;
  fields?: F;
  /** A refusal before the file is read or stored (who may send one at all). */
  before?: (ctx: CtxFor<A>) => Promise<void>;
};

export function upload<P extends string, A extends Access, R extends object | void = object, F extends TSchema = typeof EMPTY>(
  path: P,
  opts: UploadOptions<A, F>,
  verb: Verb<CommandCtx<CtxFor<A>>, { file: UploadedFile } & Static<F>, R>,
): RouteDef<P, Blob, Answered<R>>;
/** With `then`: the second half of the answer, after the commit (a staff job waited for: src/domains/staff-jobs/upload.ts). */
export function upload<P extends string, A extends Access, R extends object, T extends object, F extends TSchema = typeof EMPTY>(
  path: P,
  opts: UploadOptions<A, F> & { then: (args: { ctx: CtxFor<A>; input: { file: UploadedFile } & Static<F>; result: Answered<R> }) => Promise<T> },
  verb: Verb<CommandCtx<CtxFor<A>>, { file: UploadedFile } & Static<F>, R>,
): RouteDef<P, Blob, T>;
export function upload(path: string, opts: UploadOptions<Access, TSchema> & { then?: RouteDef["then"] }, verb: Verb<any, any, any>): RouteDef {
  return def("upload", "POST", path, { access: opts.access, maxBytes: opts.maxBytes, input: opts.fields }, verb as RouteDef["handler"], {
    files: opts.files,
    audit: opts.audit,
    then: opts.then,
    prepare: opts.before && (({ ctx }) => opts.before!(ctx as never) as Promise<unknown>),
  });
}

/** `status`: a public download answering "not found" in plain HTTP (a calendar app reads the status, not an envelope). */
export type Download = { body: Uint8Array | string; type: string; filename?: string; cache?: "none" | "immutable"; status?: number };

/** A GET answered with bytes; signed unless public. */
export function download<P extends string, A extends Access, S extends TSchema = typeof EMPTY>(
  path: P,
  opts: Options<A, S>,
  verb: Verb<CtxFor<A>, Static<S>, Download>,
): RouteDef<P, Static<S>, Blob> {
  return def("download", "GET", path, opts, verb as RouteDef["handler"]);
}

/**
 * A provider's callback, outside the envelope: `read` verifies the raw
 * request (it may call out: it runs before any transaction) and returns what
 * it proves, or null; the verb applies it in one transaction and says
 * whether it was accepted; `answer` is what the provider expects back.
 */
export function notify<P extends string, N>(
  path: P,
  opts: {
    maxBytes: number;
    read: (args: { ctx: Ctx; raw: { body: string; headers: Headers } }) => Promise<N | null>;
    answer: (ctx: Ctx, outcome: NoticeOutcome) => Response;
    /** The operation-log action of a notice that changed something (the verb names the target). */
    audit?: string;
  },
  verb: Verb<CommandCtx, N, { accepted: boolean; audit?: AuditTarget }>,
): RouteDef<P, N, boolean> {
  return def("notify", "POST", path, { access: "public", maxBytes: opts.maxBytes }, verb as RouteDef["handler"], {
    read: opts.read as RouteDef["read"],
    answer: opts.answer,
    audit: opts.audit,
  });
}

export type Domain<R extends readonly RouteDef<string, any, any>[] = readonly RouteDef<string, any, any>[]> = { name: string; routes: R };

export const domain = <const R extends readonly RouteDef<string, any, any>[]>(name: string, routes: R): Domain<R> => ({ name, routes });
