// HTTP around the verbs: the body limit before anything is buffered, the
// envelope, the access guard, the hostile-input walk and the strict schema,
// and the mapping of every outcome to an answer and an HTTP status:
//   a refusal a verb gives (any result code)      sealed, 200
//   a protocol failure (stale, forged, replayed,  plain JSON ERROR_PARAMS, 400
//     undecryptable, unknown token, too big)      (413 for size)
//   a real fault                                  ERROR_SERVER, 500, no internals
// What a call does once its input is trusted is the kit's (./serve.ts).
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Elysia } from "elysia";
import type { Ctx } from "../domains/context";
import { log } from "../log";
import type { Access } from "../protocol/powers";
import { DomainError, message, refuse } from "../protocol/result";
import { StorageUnavailable } from "../providers/storage";
import type { Admission } from "./admission";
import { ProtocolError, type Envelope, type Opened } from "./envelope";
import { isBusy } from "./errors";
import { ReplayedRequest } from "./runner";
import { type Checker, compile, hostile } from "./input";
import type { Domain, Download, RouteDef } from "./kit";
import { noteActor } from "./request-log";
import { acceptedCodings } from "./static-ui";
import { MULTIPART_OVERHEAD } from "./uploads";

/** iv and tag around a sealed body. */
const SEAL_OVERHEAD = 64;

/** The envelope's own query parameters; the rest of a signed GET's query is its input. */
const PROTOCOL_PARAMS = new Set(["token_id", "stamp", "key"]);

export const plain = (answer: unknown, status: number) =>
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

/** The host and port the visitor used, from the request's own address (no second URL parse per call). */
function hostOf(url: string): string | null {
  const start = url.indexOf("//");
  if (start < 0) return null;
  const end = url.indexOf("/", start + 2);
  return url.slice(start + 2, end < 0 ? undefined : end) || null;
}

function allowed(access: Access, actor: Ctx["actor"]): "ERROR_LOGIN_CODE" | "ERROR_NOT_POWER" | "ERROR_SECOND_FACTOR_ENROL" | null {
  if (access === "public" || access === "session") return null;
  if (!actor) return "ERROR_LOGIN_CODE";
  if (access === "user") return null;
  if (actor.factorMissing) return "ERROR_SECOND_FACTOR_ENROL";
  const powers = typeof access === "string" ? [access] : access;
  return powers.some((p) => actor.powers.has(p)) ? null : "ERROR_NOT_POWER";
}

/** Refuses the input before any verb sees it; the reason travels as a parameter, with the field the schema found at fault. */
function checkInput(input: unknown, check: Checker) {
  const bad = hostile(input);
  if (bad) refuse("ERROR_PARAMS", bad);
  const fault = check(input);
  if (fault) refuse("ERROR_PARAMS", fault);
}

/** What the kit does with a call once the transport has opened and checked it. */
export type Calls = {
  envelope: Envelope;
  clock: () => Date;
  bodyLimit: (def: RouteDef) => number;
  /** The verb's context for this request. */
  ctxOf: (opened: Opened | null, where: { ip: string | null; host: string | null; userAgent: string | null }, now: Date) => Ctx;
  throttle: (def: RouteDef, ctx: Ctx) => Promise<void>;
  upload: (def: RouteDef, contentType: string, body: Uint8Array, checkFields: (fields: Record<string, string>) => void) => Promise<unknown>;
  download: (def: RouteDef, ctx: Ctx, input: unknown) => Promise<Download>;
  query: (def: RouteDef, ctx: Ctx, input: unknown) => Promise<object>;
  command: (def: RouteDef, ctx: Ctx, opened: Opened | null, input: unknown) => Promise<object>;
  notify: (def: RouteDef, request: Request, ctx: Ctx) => Promise<Response>;
  /** The instance's bound on API calls in progress (./admission.ts). */
  admission: Admission;
};

/** "Busy, retry in 1 s", plain: said before the call's session is read, so before any database work. */
const busy = () => {
  const response = plain({ message: message("ERROR_BUSY", { reason: "load", retry: 1 }) }, 503);
  response.headers.set("retry-after", "1");
  return response;
};

/**
 * The door (./admission.ts): while the admission line runs late, a share of
 * API calls is told busy on arrival, before routing. Pages, health and a
 * payment provider's notification (it would only come again) always come in,
 * and take no API call's place in the share.
 */
export function door(domains: Domain[], admission: Admission) {
  const notified = new Set(domains.flatMap((d) => d.routes.filter((r) => r.kind === "notify").map((r) => `/api${r.path}`)));
  return new Elysia({ name: "door" }).onRequest(async ({ request }) => {
    if (admission.share() >= 1) return;
    const url = request.url;
    const start = url.indexOf("/", url.indexOf("//") + 2);
    const end = url.indexOf("?", start);
    const path = end < 0 ? url.slice(start) : url.slice(start, end);
    if (!path.startsWith("/api/") || notified.has(path) || !admission.turnsAway()) return;
    // The body is read, or the server would close the connection rather than skip it (and the calls behind on it).
    await request.arrayBuffer().catch(() => null);
    return busy();
  });
}

export function mountAll(domains: Domain[], calls: Calls) {
  let app = new Elysia({ name: "api" });
  for (const d of domains) {
    for (const def of d.routes) {
      const handle = mount(def, calls);
      const path = `/api${def.path}`;
      const route = ({ request, server }: { request: Request; server: { requestIP(r: Request): { address: string } | null } | null }) =>
        handle(request, server?.requestIP(request)?.address ?? null);
      app = (def.method === "GET" ? app.get(path, route, { parse: "none" }) : app.post(path, route, { parse: "none" })) as unknown as typeof app;
    }
  }
  return app;
}

function mount(def: RouteDef, calls: Calls) {
  const check = compile(def.input);
  const path = `/api${def.path}`;
  const signed = def.access !== "public";
  const needsMember = signed && def.access !== "session";
  const { envelope } = calls;

  return async function handle(request: Request, ip: string | null): Promise<Response> {
    const now = calls.clock();
    const where = { ip, host: hostOf(request.url), userAgent: request.headers.get("user-agent") };
    let opened: Opened | null = null;
    let release: (() => void) | null = null;
    try {
      // A payment provider's notification is never turned away: it would only come again.
      if (def.kind === "notify") return await calls.notify(def, request, calls.ctxOf(null, where, now));
      let payload: unknown;
      let body: Uint8Array | null = null;
      // A body is read before the call waits its turn, so a slow sender holds no place.
      if (def.method === "POST") body = await readBody(request, calls.bodyLimit(def) + (def.kind === "upload" ? MULTIPART_OVERHEAD : SEAL_OVERHEAD));
      if (!def.ownLine) {
        release = await calls.admission.enter();
        if (!release) return busy();
      }
      if (def.method === "GET") {
        if (signed) {
          const open = await envelope.open("GET", request, path, now, new Uint8Array(), { needsMember });
          opened = open.opened;
          payload = Object.fromEntries([...open.params].filter(([k]) => !PROTOCOL_PARAMS.has(k)));
        } else {
          const q = request.url.indexOf("?");
          payload = Object.fromEntries(new URLSearchParams(q < 0 ? "" : request.url.slice(q + 1)));
        }
      } else {
        if (signed) {
          const open = await envelope.open("POST", request, path, now, body!, { raw: def.kind === "upload", needsMember });
          opened = open.opened;
          payload = open.payload;
        } else {
          try {
            payload = JSON.parse(new TextDecoder().decode(body!));
          } catch {
            throw new ProtocolError("body");
          }
        }
      }
      const ctx = calls.ctxOf(opened, where, now);
      if (ctx.actor) noteActor(request, ctx.actor.id);
      const refused = allowed(def.access, ctx.actor);
      if (refused) refuse(refused);
      let input: unknown;
      if (def.kind === "upload") {
        // An upload's own check comes before any byte is stored (a file only a proven applicant may send).
        await def.prepare?.({ ctx, input: {} });
        input = await calls.upload(def, request.headers.get("content-type") ?? "", body!, (fields) => checkInput(fields, check));
      } else {
        checkInput(payload, check);
        input = payload;
      }
      await calls.throttle(def, ctx);
      if (def.kind === "download") return downloadResponse(await calls.download(def, ctx, input), request.headers.get("accept-encoding"));
      const result = def.kind === "query" ? await calls.query(def, ctx, input) : await calls.command(def, ctx, opened, input);
      const answer = "message" in result ? result : { message: message("SUCCESS"), ...result };
      return opened ? await envelope.seal(opened, answer) : plain(answer, 200);
    } catch (error) {
      return failure(def, error, opened, calls);
    } finally {
      release?.();
    }
  };
}

/** Every outcome that is not a normal answer. */
async function failure(def: RouteDef, error: unknown, opened: Opened | null, calls: Calls): Promise<Response> {
  if (error instanceof ProtocolError) {
    // A stale stamp is told the server's time, so a client whose clock is off can sign again by it.
    const params = error.reason === "stale" ? { reason: error.reason, now: calls.clock().getTime() } : { reason: error.reason };
    return plain({ message: message("ERROR_PARAMS", params) }, error.reason === "size" ? 413 : 400);
  }
  // A write replayed on another instance: its nonce is already recorded.
  if (error instanceof ReplayedRequest) return plain({ message: message("ERROR_PARAMS", { reason: "replay" }) }, 400);
  let answer: { message: ReturnType<typeof message> };
  let status = 200;
  if (error instanceof DomainError) answer = { message: message(error.code, error.params) };
  else if (isBusy(error)) answer = { message: message("ERROR_BUSY") };
  else if (error instanceof StorageUnavailable) {
    // The file store failed or refused after its tries, and said why in the log: an upload wrote no row; a plain
    // download (an <img>, a <video>) is told 503, which a browser or proxy may try again, not a 400 blaming the asker.
    answer = { message: message("ERROR_BUSY", { reason: "storage" }) };
    if (!opened) status = 503;
  } else {
    log.error("unexpected error", { route: def.path, actor: opened?.userId ?? null, error });
    answer = { message: message("ERROR_SERVER") };
    status = 500;
  }
  if (opened) return calls.envelope.seal(opened, answer, status);
  // Unsealed (the handshake, or a session not yet trusted): malformed input is a 400, a throttle a 429.
  if (error instanceof DomainError && def.access === "public") return plain(answer, error.code === "ERROR_PARAMS" ? 400 : error.code === "ERROR_OFTEN" ? 429 : 200);
  return plain(answer, status === 200 ? 400 : status);
}

/**
 * Text a download sends (the image code's SVG, on every sign-in page) goes
 * compressed as the browser accepts: brotli at a quality fast enough for each
 * request, else gzip. Only small text: images and workbooks are compressed
 * already, and a big body would hold the request's thread.
 */
const COMPRESSIBLE_TYPE = /^(image\/svg\+xml|text\/|application\/json)/;
const COMPRESS_LIMIT = 64 * 1024;
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

function encode(file: Download, acceptEncoding: string | null): { body: Uint8Array | string; coding: "br" | "gzip" | null } {
  if (!COMPRESSIBLE_TYPE.test(file.type)) return { body: file.body, coding: null };
  const bytes = typeof file.body === "string" ? Buffer.from(file.body) : file.body;
  if (bytes.length > COMPRESS_LIMIT) return { body: file.body, coding: null };
  const accepted = acceptedCodings(acceptEncoding);
  if (accepted.has("br")) return { body: brotliCompressSync(bytes, BROTLI_OPTIONS), coding: "br" };
  if (accepted.has("gzip")) return { body: gzipSync(bytes), coding: "gzip" };
  return { body: file.body, coding: null };
}

function downloadResponse(file: Download, acceptEncoding: string | null): Response {
  const { body, coding } = encode(file, acceptEncoding);
  const headers: Record<string, string> = {
    "content-type": file.type,
    "cache-control": file.cache === "immutable" ? "public, max-age=31536000, immutable" : "no-store",
    "x-content-type-options": "nosniff",
  };
  if (COMPRESSIBLE_TYPE.test(file.type)) headers.vary = "Accept-Encoding";
  if (coding) headers["content-encoding"] = coding;
  if (file.filename) headers["content-disposition"] = `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`;
  return new Response(body as BodyInit, { status: file.status ?? 200, headers });
}
