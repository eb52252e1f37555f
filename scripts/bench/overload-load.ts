// What the overload bench (scripts/bench/overload.ts) drives the portal
// with: members with a session each, sign-ups signed before the clock
// starts, sent closed-loop (a fixed number of clients) or open-loop (on a
// schedule, whatever the answers), the answers opened after the run, and the
// portal's resident memory sampled meanwhile.
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

/** One request; `ms` from the send to the last byte of the answer. */
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

/** `shots` from `clients` loops at once, each sending the next when its answer is in: the portal's capacity. */
export async function closedLoop(base: string, shots: Shot[], clients: number): Promise<{ replies: Reply[]; seconds: number }> {
  const replies: Reply[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < shots.length) {
        const i = next++;
        replies[i] = await send(base, shots[i]!, performance.now());
      }
    }),
  );
  return { replies, seconds: (performance.now() - started) / 1000 };
}

/**
 * `shots` sent on a schedule of `rate` a second from now, whatever the
 * answers: each is sent when it is due (the sender wakes every millisecond
 * and sends all that are due), so a slow portal faces ever more requests at
 * once. `at(ms)` is called once the schedule is `ms` in (the kill). Resolves
 * when the last is sent; `answered` when every answer is in.
 */
export function openLoop(base: () => string, shots: Shot[], rate: number, at?: { ms: number; run: () => Promise<void> }) {
  const pending: Promise<Reply>[] = [];
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
        pending.push(send(base(), shots[i]!, due));
        i++;
      }
      await Bun.sleep(1);
    }
    return { seconds: (performance.now() - started) / 1000, maxLag, endedAt: performance.now() };
  })();
  return { sent, answered: sent.then(() => Promise.all(pending)) };
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
