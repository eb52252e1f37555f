// What the overload bench (scripts/bench/overload.ts) drives the portal
// with: members with a session each, sign-ups signed before the clock
// starts, sent closed-loop (a fixed number of connections) or open-loop (on a
// schedule, whatever the answers) over raw keep-alive HTTP/1.1 connections,
// the answers opened after the run, and the portal's resident memory sampled
// meanwhile. The probe alone goes through fetch (one request every 50 ms).
import { readFileSync } from "node:fs";
import type { DbOrTx } from "../../src/db/client";
import { sessions } from "../../src/db/schema";
import { nodeBackend } from "../../src/http/crypto-node";
import { toBase64Url } from "../../src/protocol/bytes";
import { ENVELOPE, type SessionKeys, openJson, responseAad, signRequest } from "../../src/protocol/envelope";

/** An answer later than this is a hang (issue 19 item 6). */
export const HANG_MS = 3_000;
/** A request still unanswered this long after it was sent is given up on (and counted as a hang). */
const GIVE_UP_MS = 10_000;

export type Member = { id: number; keys: SessionKeys };

/**
 * A signed-in session for each member, written straight into the sessions
 * table as sign-in leaves it (bound to the member, a day to live): signing
 * in 100,000 members through argon2id would take the bench's whole budget,
 * and sign-in under load is bench:signin's subject, not this one's.
 */
export async function mintSessions(db: DbOrTx, members: { id: number }[]): Promise<Member[]> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 86_400_000);
  const out: Member[] = members.map((m) => ({
    id: m.id,
    keys: { tokenId: toBase64Url(nodeBackend.randomBytes(18)), encKey: nodeBackend.randomBytes(32), macKey: nodeBackend.randomBytes(32) },
  }));
  for (let start = 0; start < out.length; start += 1000)
    await db.insert(sessions).values(
      out.slice(start, start + 1000).map((m) => ({ id: m.keys.tokenId, appId: "union-portal-cli", encKey: m.keys.encKey, macKey: m.keys.macKey, userId: m.id, createdAt: now, expiresAt })),
    );
  return out;
}

export type Shot = { path: string; body: Uint8Array<ArrayBuffer>; nonce: string; encKey: Uint8Array; userId: number };

/** A member's /order/sign for `activity`, signed now (a stamp is fresh for a minute or so). */
export async function signUpShot(member: Member, activity: number): Promise<Shot> {
  const req = await signRequest(nodeBackend, member.keys, { method: "POST", path: "/api/order/sign", payload: { activity }, nowMs: Date.now() });
  return { path: `/api/order/sign?${req.query}`, body: req.body as Uint8Array<ArrayBuffer>, nonce: req.nonce, encKey: member.keys.encKey, userId: member.id };
}

/** What came back, kept raw during the run (opening answers costs the sender CPU): opened by `outcomeOf` after. */
export type Reply = { shot: Shot; due: number; sent: number; ms: number; status: number; type: string; bytes: Uint8Array | null; error: string | null };

/** One request through fetch (the probe's); `ms` from the send to the last byte of the answer. */
export async function send(base: string, shot: Shot, due: number): Promise<Reply> {
  const sent = performance.now();
  try {
    const res = await fetch(`${base}${shot.path}`, {
      method: "POST",
      headers: { "content-type": ENVELOPE.contentType },
      body: shot.body,
      signal: AbortSignal.timeout(GIVE_UP_MS),
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { shot, due, sent, ms: performance.now() - sent, status: res.status, type: res.headers.get("content-type") ?? "", bytes, error: null };
  } catch (error) {
    const e = error as Error & { code?: string };
    const what = e.name === "TimeoutError" ? "no answer in 10 s" : `transport ${e.code ?? e.name}`;
    return { shot, due, sent, ms: performance.now() - sent, status: 0, type: "", bytes: null, error: what };
  }
}

export type Outcome = { kind: string; trade: string | null };

/** SUCCESS (with its trade), full, busy, or what else it was: a status, a code, a transport error, a hang. */
export async function outcomeOf(r: Reply): Promise<Outcome> {
  if (r.error) return { kind: r.error, trade: null };
  let code = `HTTP ${r.status}`;
  let trade: string | null = null;
  try {
    if (r.type.startsWith(ENVELOPE.contentType)) {
      const answer = (await openJson(nodeBackend, r.shot.encKey, r.bytes!, responseAad(r.shot.nonce))) as { message: { code: string }; trade?: string };
      code = answer.message.code;
      trade = answer.trade ?? null;
    } else if (r.type.startsWith("application/json")) code = (JSON.parse(new TextDecoder().decode(r.bytes!)) as { message: { code: string } }).message.code;
  } catch {
    code = `unreadable ${r.status}`;
  }
  const kind = code === "SUCCESS" ? "success" : code === "ERROR_SIGN_FULL" ? "full" : code === "ERROR_BUSY" ? "busy" : `${code} (${r.status})`;
  return { kind, trade };
}

const CRLF2 = Buffer.from("\r\n\r\n");

/**
 * One keep-alive HTTP/1.1 connection of the load's sender, on raw TCP, one
 * request at a time as a browser's (Bun's server closes a connection that
 * sends a second request before the first is answered): a member's browser
 * or a proxy's connection to the portal, without fetch's cost per request.
 * At four times a capacity of thousands a second, fetch was itself the limit
 * on this machine, and its late reading of answers was measured as the
 * portal's. A broken connection fails its request and opens anew for the next.
 */
class Connection {
  private socket: import("bun").Socket | null = null;
  private unsent: Uint8Array | null = null;
  private inbox: Buffer = Buffer.alloc(0);
  private current: { shot: Shot; due: number; sent: number; done: (r: Reply) => void } | null = null;

  constructor(private readonly port: number) {}

  /** Sends `shot` (the connection is idle); resolves with its answer or its transport error. */
  request(shot: Shot, due: number): Promise<Reply> {
    return new Promise((done) => {
      this.current = { shot, due, sent: performance.now(), done };
      this.unsent = Buffer.concat([Buffer.from(`POST ${shot.path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: ${ENVELOPE.contentType}\r\ncontent-length: ${shot.body.length}\r\n\r\n`), shot.body]);
      if (this.socket) return this.flush();
      Bun.connect({
        hostname: "127.0.0.1",
        port: this.port,
        socket: {
          data: (_s, data) => this.read(data),
          drain: () => this.flush(),
          close: () => this.closed("transport closed"),
          error: (_s, e) => this.closed(`transport ${(e as Error & { code?: string }).code ?? e.name}`),
        },
      }).then(
        (socket) => {
          this.socket = socket;
          this.flush();
        },
        (e: Error & { code?: string }) => this.closed(`transport ${e.code ?? e.name}`),
      );
    });
  }

  /** The request under way, if any, is given up on, and the connection closed. */
  giveUp() {
    this.finish({ status: 0, type: "", bytes: null, error: "no answer in 10 s" });
    this.socket?.end();
  }

  private flush() {
    if (!this.socket || !this.unsent) return;
    const n = this.socket.write(this.unsent);
    this.unsent = n < this.unsent.length ? this.unsent.subarray(Math.max(0, n)) : null;
  }

  private closed(why: string) {
    this.socket = null;
    this.unsent = null;
    this.inbox = Buffer.alloc(0);
    this.finish({ status: 0, type: "", bytes: null, error: why });
  }

  private finish(answer: Pick<Reply, "status" | "type" | "bytes" | "error">) {
    const c = this.current;
    if (!c) return;
    this.current = null;
    c.done({ shot: c.shot, due: c.due, sent: c.sent, ms: performance.now() - c.sent, ...answer });
  }

  /** The answer once whole (Content-Length bodies: the portal's answers are whole before they are sent). */
  private read(data: Buffer) {
    this.inbox = this.inbox.length ? Buffer.concat([this.inbox, data]) : data;
    const end = this.inbox.indexOf(CRLF2);
    if (end < 0) return;
    const head = this.inbox.toString("latin1", 0, end).toLowerCase();
    const length = Number(/\r\ncontent-length:\s*(\d+)/.exec(head)?.[1] ?? 0);
    if (this.inbox.length < end + 4 + length) return;
    const bytes = new Uint8Array(this.inbox.subarray(end + 4, end + 4 + length));
    this.inbox = Buffer.alloc(0);
    this.finish({ status: Number(head.slice(9, 12)), type: /\r\ncontent-type:\s*([^\r]*)/.exec(head)?.[1] ?? "", bytes, error: null });
  }
}

/**
 * Connections to the portal, idle ones reused, a new one opened when none is
 * idle, up to `most`; past that a request waits for one (its time counted
 * from when it was due, so the wait is the portal's).
 */
class Pool {
  private idle: Connection[] = [];
  private all: Connection[] = [];
  private queue: { shot: Shot; due: number; done: (r: Reply) => void }[] = [];
  private head = 0;

  constructor(private readonly port: number, private readonly most: number) {}

  request(shot: Shot, due: number): Promise<Reply> {
    return new Promise((done) => {
      const c = this.idle.pop() ?? (this.all.length < this.most ? this.open() : null);
      if (c) this.run(c, shot, due, done);
      else this.queue.push({ shot, due, done });
    });
  }

  /** Whatever is under way or waiting is given up on. */
  giveUp() {
    for (const q of this.queue.splice(this.head)) q.done({ shot: q.shot, due: q.due, sent: q.due, ms: performance.now() - q.due, status: 0, type: "", bytes: null, error: "no answer in 10 s" });
    for (const c of this.all) c.giveUp();
  }

  private open() {
    const c = new Connection(this.port);
    this.all.push(c);
    return c;
  }

  private run(c: Connection, shot: Shot, due: number, done: (r: Reply) => void) {
    void c.request(shot, due).then((reply) => {
      done(reply);
      const next = this.queue[this.head];
      if (!next) return void this.idle.push(c);
      this.head++;
      // The served head is dropped now and then, so the line never holds the whole load.
      if (this.head > 4096 && this.head * 2 > this.queue.length) {
        this.queue.splice(0, this.head);
        this.head = 0;
      }
      this.run(c, next.shot, next.due, next.done);
    });
  }
}

/** `shots` from `clients` connections at once, each sending the next when its answer is in: the portal's capacity. */
export async function closedLoop(port: number, shots: Shot[], clients: number): Promise<{ replies: Reply[]; seconds: number }> {
  const replies: Reply[] = [];
  let next = 0;
  const started = performance.now();
  const connections = Array.from({ length: clients }, () => new Connection(port));
  await Promise.all(
    connections.map(async (c) => {
      while (next < shots.length) {
        const i = next++;
        replies[i] = await c.request(shots[i]!, performance.now());
      }
    }),
  );
  for (const c of connections) c.giveUp();
  return { replies, seconds: (performance.now() - started) / 1000 };
}

/**
 * `shots` sent on a schedule of `rate` a second from now, whatever the
 * answers, over at most `connections` connections (the sender wakes every
 * millisecond and sends all that are due), so a slow portal faces ever more
 * requests at once. `ms` is counted from when a request was due. `at(ms)` is
 * called once the schedule is `ms` in (the kill). Resolves when the last is
 * sent; `answered` when every answer is in, or GIVE_UP_MS after the last was
 * due (an answer later than that counts as none).
 */
export function openLoop(port: number, shots: Shot[], rate: number, at?: { ms: number; run: () => Promise<void> }, connections = 4096) {
  const pending: Promise<Reply>[] = [];
  const pool = new Pool(port, connections);
  const started = performance.now();
  let maxLag = 0;
  const sent = (async () => {
    let i = 0;
    let fired = false;
    while (i < shots.length) {
      const now = performance.now();
      if (at && !fired && now - started >= at.ms) {
        fired = true;
        void at.run();
      }
      while (i < shots.length && started + (i * 1000) / rate <= now) {
        const due = started + (i * 1000) / rate;
        maxLag = Math.max(maxLag, now - due);
        pending.push(pool.request(shots[i]!, due).then((r) => ({ ...r, ms: r.ms + (r.sent - r.due) })));
        i++;
      }
      await Bun.sleep(1);
    }
    return { seconds: (performance.now() - started) / 1000, maxLag, endedAt: performance.now() };
  })();
  const answered = sent.then(async ({ endedAt }) => {
    const timer = setTimeout(() => pool.giveUp(), Math.max(0, endedAt + GIVE_UP_MS - performance.now()));
    const replies = await Promise.all(pending);
    clearTimeout(timer);
    pool.giveUp();
    return replies.map((r) => (!r.error && r.ms > GIVE_UP_MS ? { ...r, bytes: null, error: "no answer in 10 s" } : r));
  });
  return { sent, answered };
}

/** One sign-up every `everyMs` for `ms`, each signed when it is sent (members from `members`, activity with room): their times. */
export async function probe(base: string, members: Member[], activity: number, ms: number, everyMs = 50): Promise<{ at: number; ms: number; kind: string }[]> {
  const started = performance.now();
  const out: Promise<{ at: number; ms: number; kind: string }>[] = [];
  for (let i = 0; started + i * everyMs < started + ms; i++) {
    const wait = started + i * everyMs - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    const shot = await signUpShot(members[i % members.length]!, activity);
    out.push(send(base, shot, performance.now()).then(async (r) => ({ at: r.sent, ms: r.ms, kind: (await outcomeOf(r)).kind })));
  }
  return Promise.all(out);
}

/** Resident memory of `pid`, in bytes, from /proc (0 once it is gone). */
export function rssOf(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB$/m)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Samples `pid()`'s resident memory every `everyMs` until stopped: [ms since start, bytes]. */
export function sampleMemory(pid: () => number, everyMs = 100) {
  const started = performance.now();
  const samples: [number, number][] = [];
  const timer = setInterval(() => samples.push([performance.now() - started, rssOf(pid())]), everyMs);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      return samples;
    },
  };
}

export const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);

/**
 * Connections the kernel dropped because a listening socket's backlog was
 * full (TcpExtListenOverflows, the whole machine): the client retries such a
 * connection after 1 s, then 3 s, so an answer "late" from the client's side
 * may never have reached the portal in time.
 */
export function listenOverflows(): number {
  const lines = readFileSync("/proc/net/netstat", "utf8").split("\n").filter((l) => l.startsWith("TcpExt:"));
  const names = lines[0]?.split(/\s+/) ?? [];
  const values = lines[1]?.split(/\s+/) ?? [];
  return Number(values[names.indexOf("ListenOverflows")] ?? 0);
}
