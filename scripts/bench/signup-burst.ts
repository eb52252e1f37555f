// npm run bench:signup (issue 8): how fast sign-ups go, and that none is
// ever oversold, on PostgreSQL (DATABASE_URL, or the local server when it
// answers) and on embedded PGlite, in one process and one run:
//   raw    the one-statement sign-up (the conditional UPDATE of the quota and
//          the INSERT of the order, one statement) sent straight to the
//          database at 1, 8 and 64 clients, on one hot activity and spread
//          over 100; the quota a tenth of the requests like the full path,
//          and once more with room for everybody ("raw all");
//   full   /order/sign through the real protocol over loopback to the portal
//          in its own process (scripts/bench/signup-server.ts), signed-in
//          members, one request each, the same concurrency and shapes, the
//          quota a tenth of the requests so most answers are "full";
//   checkout  /market/place of a trolley holding one gift (the hot gift when
//          redemption opens), the same members, concurrency and quota, the
//          trolleys filled before the clock starts; compared with "full";
//   naive  read the count, then write: the check that can fail, to prove it.
// After each run the invariants are checked by SQL: places used = quota =
// orders = distinct members, nobody twice. Requests are signed and members
// signed in before the clock starts. Progress goes to stderr, the table to
// stdout; the exit code is 1 when an invariant fails (the naive control's
// oversell is its purpose, not a failure).
//
// BENCH_REQUESTS (default 1000, a multiple of 1000): requests per run.
// BENCH_ENGINES (default "postgres,pglite").
// BENCH_CLIENTS (default "1,8,64"): the concurrencies.
// BENCH_SERVER_FLAGS: extra flags for the portal's bun, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import type { PGlite } from "@electric-sql/pglite";
import { loadConfig } from "../../src/config";
import { type Database, openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { seed } from "../../src/db/seed";
import { nodeBackend } from "../../src/http/crypto-node";
import { fromBase64Url } from "../../src/protocol/bytes";
import { ApiClient, type SavedSession } from "../../src/protocol/client";
import { ENVELOPE, type SessionKeys, openJson, responseAad, signRequest } from "../../src/protocol/envelope";
import { passwordDigest } from "../../src/protocol/password";
import { signIn } from "../../src/protocol/signin";
import { BENCH_PASSWORD, type Verdict, makeBenchActivities, makeBenchMembers, verdictHolds, verifyRun } from "./signup-fixtures";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
if (!Number.isInteger(REQUESTS) || REQUESTS < 1000 || REQUESTS % 1000 !== 0) throw new Error("BENCH_REQUESTS must be a multiple of 1000");
const QUOTA = REQUESTS / 10;
const SPREAD = 100;
/** BENCH_CLIENTS (default "1,8,64"): the concurrencies measured (the goals are read at 64). */
const CLIENTS = (process.env.BENCH_CLIENTS ?? "1,8,64").split(",").map(Number);
if (CLIENTS.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("BENCH_CLIENTS must list whole numbers");
const SHAPES = ["hot", "spread"] as const;
type Shape = (typeof SHAPES)[number];
const ENGINES = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",").map((s) => s.trim()) as ("postgres" | "pglite")[];
/** BENCH_PARTS (default "raw,full"): run only the raw limit and naive control, or only the full path (when profiling). */
const PARTS = new Set((process.env.BENCH_PARTS ?? "raw,full").split(",").map((s) => s.trim()));
const CAPTCHA = "BENCH1";
const TICKS = 100; // USER_HZ: /proc times are in 1/100 s

const log = (...args: unknown[]) => console.error("[bench:signup]", ...args);

// ---- measuring -------------------------------------------------------------

type Outcome = "won" | "full" | "busy" | string;
type Sample = { ms: number; outcome: Outcome };
/** µs of CPU per request: this process, the portal's process (and the part of it in the kernel), every postgres process. */
type Cpu = { client: number; server: number; serverSys: number; db: number };
type Run = {
  engine: string;
  shape: Shape;
  clients: number;
  path: "raw" | "raw all" | "raw 64 conn" | "full" | "checkout" | "naive";
  rps: number;
  p50: number;
  p99: number;
  max: number;
  soldOutP99: number | null;
  counts: Record<string, number>;
  quota: number;
  verdict: Verdict;
  ok: boolean;
  note: string;
  cpu: Cpu;
};

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0);

/** Sends `n` requests from `clients` loops, each taking the next index; every answer's time and outcome. */
async function drive(n: number, clients: number, one: (i: number) => Promise<Outcome>) {
  const samples: Sample[] = new Array(n);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < n) {
        const i = next++;
        const t0 = performance.now();
        let outcome: Outcome;
        try {
          outcome = await one(i);
        } catch (error) {
          outcome = `thrown: ${String((error as { code?: string }).code ?? (error as Error).message).slice(0, 60)}`;
        }
        samples[i] = { ms: performance.now() - t0, outcome };
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const full = samples.filter((s) => s.outcome === "full").map((s) => s.ms).sort((a, b) => a - b);
  const counts: Record<string, number> = {};
  for (const s of samples) counts[s.outcome] = (counts[s.outcome] ?? 0) + 1;
  return { rps: n / seconds, p50: pct(all, 0.5), p99: pct(all, 0.99), max: all[all.length - 1] ?? 0, soldOutP99: full.length ? pct(full, 0.99) : null, counts };
}

/** CPU seconds of a process from /proc, user and system; 0 when it is gone. */
function cpuOf(pid: number): { user: number; sys: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { user: Number(f[11]) / TICKS, sys: Number(f[12]) / TICKS };
  } catch {
    return { user: 0, sys: 0 };
  }
}

/** CPU seconds of every postgres process on this machine (the local server; 0 when it runs elsewhere). */
function postgresCpu(): number {
  let total = 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== "postgres") continue;
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(f[11]) + Number(f[12])) / TICKS;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Runs `body` and measures the CPU it cost this process, the server and the database, in µs per request. */
async function withCpu<T>(n: number, serverPid: number | null, body: () => Promise<T>): Promise<[T, Cpu]> {
  const c0 = process.cpuUsage();
  const s0 = serverPid ? cpuOf(serverPid) : { user: 0, sys: 0 };
  const d0 = postgresCpu();
  const result = await body();
  const c = process.cpuUsage(c0);
  const s1 = serverPid ? cpuOf(serverPid) : { user: 0, sys: 0 };
  const perReq = (seconds: number) => (seconds * 1e6) / n;
  return [
    result,
    { client: (c.user + c.system) / n, server: perReq(s1.user - s0.user + s1.sys - s0.sys), serverSys: perReq(s1.sys - s0.sys), db: perReq(postgresCpu() - d0) },
  ];
}

// ---- the raw limit and the naive control, straight to the database -----------

type Exec = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

function execOf(database: Database): Exec {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === "postgres") {
    const sql = client as postgres.Sql;
    return async (text, params) => [...(await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true }))];
  }
  const lite = client as PGlite;
  return async (text, params) => (await lite.query<Record<string, unknown>>(text, params)).rows;
}

// The quota taken first, then the main order and its sub-order, in one
// statement: the shape of the real rows (orders, order_items and their unique
// indexes), without what only the full path does (nonce, log row, checks).
const ONE_STATEMENT = `
  with taken as (
    update activities set used = used + 1 where id = $1 and (cap is null or used + 1 <= cap) returning id
  ), main as (
    insert into orders (trade, user_id, state, send_state, price, amount, created_at, updated_at, pay_date)
    select $2, $3, 202, 401, 0, 0, now(), now(), now() from taken returning id
  )
  insert into order_items (order_id, child_trade, user_id, activity_id, cycle, seq, places, state, created_at)
  select main.id, $2 || '-1', $3, $1, 0, 1, 1, 202, now() from main
  returning order_id`;

const NAIVE_COUNT = `select count(*)::int as n from order_items where activity_id = $1 and state <> 203`;
const NAIVE_WRITE = `
  with main as (
    insert into orders (trade, user_id, state, send_state, price, amount, created_at, updated_at, pay_date)
    values ($2, $3, 202, 401, 0, 0, now(), now(), now()) returning id
  )
  insert into order_items (order_id, child_trade, user_id, activity_id, cycle, seq, places, state, created_at)
  select main.id, $2 || '-1', $3, $1, 0, 1, 1, 202, now() from main`;

let runNo = 0;

async function rawRun(
  engine: string,
  database: Database,
  exec: Exec,
  members: { id: number }[],
  shape: Shape,
  clients: number,
  path: "raw" | "raw all" | "raw 64 conn" | "naive",
): Promise<Run> {
  const count = shape === "hot" ? 1 : SPREAD;
  const quota = path === "raw all" || path === "raw 64 conn" ? REQUESTS : QUOTA;
  const cap = quota / count;
  const ids = await makeBenchActivities(database.db, count, cap, `${engine} ${path} ${shape} ${clients}`);
  const tag = `R${process.pid}-${++runNo}-`;
  const one =
    path === "naive"
      ? async (i: number) => {
          const activity = ids[i % count]!;
          const [row] = await exec(NAIVE_COUNT, [activity]);
          if (Number(row!.n) >= cap) return "full";
          await exec(NAIVE_WRITE, [activity, `${tag}${i}`, members[i]!.id]);
          return "won";
        }
      : async (i: number) => ((await exec(ONE_STATEMENT, [ids[i % count]!, `${tag}${i}`, members[i]!.id])).length === 1 ? "won" : "full");
  const [r, cpu] = await withCpu(REQUESTS, null, () => drive(REQUESTS, clients, one));
  const verdict = await verifyRun(database.db, ids);
  const ok = path === "naive" ? true : verdictHolds(verdict, quota) && (r.counts.won ?? 0) === quota;
  const note = path === "naive" ? (verdict.items > quota ? `oversold: ${verdict.items} orders for ${quota} places (expected)` : "did not oversell this time") : "";
  return { engine, shape, clients, path, ...r, quota, verdict, ok, note, cpu };
}

// ---- the full path, through the portal ---------------------------------------

type Member = { id: number; account: string; keys: SessionKeys };

class Portal {
  private constructor(
    readonly proc: Bun.Subprocess<"ignore", "pipe", "inherit">,
    readonly base: string,
    readonly admin: string,
    readonly dataDir: string,
  ) {}

  static async start(databaseUrl: string | null): Promise<Portal> {
    const port = 4100 + Math.floor(Math.random() * 800);
    const dataDir = mkdtempSync(join(tmpdir(), "bench-signup-"));
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: "development",
      PORT: String(port),
      ADMIN_PORT: String(port + 1),
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      ADMIN_PASSWORD: "BenchAdmin2026",
      CAPTCHA_FIXED: CAPTCHA,
      // Every bench client comes from one address: lift the per-address budgets of the handshake and of sign-in.
      TOKEN_BURST: "100000",
      TOKEN_PER_SECOND: "100000",
      SIGNIN_ADDRESS_FAILURES: "100000",
    };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    const proc = Bun.spawn([process.execPath, ...(process.env.BENCH_SERVER_FLAGS?.split(" ").filter(Boolean) ?? []), "scripts/bench/signup-server.ts"], {
      env,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "inherit",
    });
    const reader = proc.stdout.getReader();
    let banner = "";
    while (!banner.includes("ready")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the bench server exited before it was ready:\n${banner}`);
      banner += new TextDecoder().decode(value);
    }
    // Keep its stdout drained.
    void (async () => {
      while (!(await reader.read()).done);
    })();
    return new Portal(proc, `http://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`, dataDir);
  }

  async adminCall<T>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.admin}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const answer = (await res.json()) as T & { error?: string };
    if (!res.ok) throw new Error(`bench server ${path}: ${answer.error}`);
    return answer;
  }

  /** Signs a member in through the real protocol (image code, argon2id check) and keeps the session's keys. */
  async signIn(account: string, id: number): Promise<Member> {
    let saved: SavedSession | null = null;
    const client = new ApiClient({ baseUrl: this.base, backend: nodeBackend, appId: "union-portal-cli", store: { load: () => null, save: (s) => (saved = s) } });
    const answer = await signIn(client, { account, passwordMd5: passwordDigest(BENCH_PASSWORD), captcha: CAPTCHA });
    if (answer.message.code !== "SUCCESS") throw new Error(`sign-in of ${account}: ${answer.message.code}`);
    const s = saved as SavedSession | null;
    if (!s) throw new Error("no session saved");
    return { id, account, keys: { tokenId: s.tokenId, encKey: fromBase64Url(s.encKey), macKey: fromBase64Url(s.macKey) } };
  }

  /** Signed before the clock starts: what a member's browser would send (a sign-up, or the checkout of the trolley). */
  async prepare(member: Member, activity: number, checkout = false) {
    const [path, payload] = checkout ? ["/api/market/place", { integral: 0 }] : ["/api/order/sign", { activity }];
    const req = await signRequest(nodeBackend, member.keys, { method: "POST", path, payload, nowMs: Date.now() });
    return { url: `${this.base}${path}?${req.query}`, body: req.body as Uint8Array<ArrayBuffer>, nonce: req.nonce, encKey: member.keys.encKey };
  }

  /** One prepared sign-up; the answer's code. Timing stops once the bytes are in; opening them is the client's. */
  async send(r: Awaited<ReturnType<Portal["prepare"]>>): Promise<{ code: string; status: number }> {
    const res = await fetch(r.url, { method: "POST", headers: { "content-type": ENVELOPE.contentType }, body: r.body });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const type = res.headers.get("content-type") ?? "";
    if (type.startsWith(ENVELOPE.contentType)) {
      const answer = (await openJson(nodeBackend, r.encKey, bytes, responseAad(r.nonce))) as { message: { code: string } };
      return { code: answer.message.code, status: res.status };
    }
    if (type.startsWith("application/json")) return { code: (JSON.parse(new TextDecoder().decode(bytes)) as { message: { code: string } }).message.code, status: res.status };
    return { code: `HTTP ${res.status}`, status: res.status };
  }

  async stop() {
    this.proc.kill("SIGTERM");
    await this.proc.exited;
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

const outcomeOf = (code: string, status: number): Outcome =>
  code === "SUCCESS" ? "won" : code === "ERROR_SIGN_FULL" ? "full" : code === "ERROR_BUSY" ? "busy" : `${code}${status >= 500 ? ` (${status})` : ""}`;

async function fullRun(engine: string, portal: Portal, members: Member[], shape: Shape, clients: number, n = REQUESTS, quota = QUOTA, path: "full" | "checkout" = "full"): Promise<Run> {
  const count = shape === "hot" ? 1 : SPREAD;
  const checkout = path === "checkout";
  const ids = await portal.adminCall<number[]>("/activities", { count, cap: quota / count, label: `${engine} ${path} ${shape} ${clients}`, market: checkout });
  if (checkout) await portal.adminCall("/trolleys", { rows: Array.from({ length: n }, (_, i) => ({ userId: members[i]!.id, activityId: ids[i % count]! })) });
  const prepared = await Promise.all(Array.from({ length: n }, (_, i) => portal.prepare(members[i]!, ids[i % count]!, checkout)));
  const [r, cpu] = await withCpu(n, portal.proc.pid, () =>
    drive(n, clients, async (i) => {
      const { code, status } = await portal.send(prepared[i]!);
      return outcomeOf(code, status);
    }),
  );
  const verdict = await portal.adminCall<Verdict>("/verify", { ids });
  // "busy, retry" (a 3 s lock or statement timeout) is an allowed answer; anything else besides a place or "full" is not.
  const ok = verdictHolds(verdict, quota) && (r.counts.won ?? 0) === quota && (r.counts.won ?? 0) + (r.counts.full ?? 0) + (r.counts.busy ?? 0) === n;
  return { engine, shape, clients, path, ...r, quota, verdict, ok, note: "", cpu };
}

/** One member pressing twice at the same instant: one order. */
async function doublePress(portal: Portal, member: Member, engine: string) {
  const [id] = await portal.adminCall<number[]>("/activities", { count: 1, cap: 10, label: `${engine} double press` });
  const pair = await Promise.all([portal.prepare(member, id!), portal.prepare(member, id!)]);
  const codes = (await Promise.all(pair.map((r) => portal.send(r)))).map((a) => a.code).sort();
  const verdict = await portal.adminCall<Verdict>("/verify", { ids: [id] });
  const ok = codes.join(",") === "ERROR_SIGN_FINISH,SUCCESS" && verdict.used === 1 && verdict.items === 1;
  return { codes, verdict, ok };
}

/** Statements the app sends per /order/sign, by kind, for a won and for a sold-out answer (one client). */
async function statementsPerSignUp(portal: Portal, members: Member[], engine: string) {
  const n = 100;
  const [id] = await portal.adminCall<number[]>("/activities", { count: 1, cap: n, label: `${engine} statements` });
  const measure = async (from: number) => {
    const prepared = await Promise.all(Array.from({ length: n }, (_, i) => portal.prepare(members[from + i]!, id!)));
    await portal.adminCall("/trace", { on: true });
    const codes: Record<string, number> = {};
    for (const r of prepared) {
      const { code } = await portal.send(r);
      codes[code] = (codes[code] ?? 0) + 1;
    }
    const counted = await portal.adminCall<Record<string, number>>("/trace", { on: false });
    // The jobs' ticks (every few seconds) land in the count too: a few statements over the whole window, kept apart.
    const perRequest: Record<string, number> = {};
    let background = 0;
    for (const [k, v] of Object.entries(counted)) {
      if (v / n >= 0.1) perRequest[k] = v / n;
      else background += v;
    }
    return { codes, perRequest, background };
  };
  return { won: await measure(0), soldOut: await measure(n) };
}

// ---- engines ---------------------------------------------------------------

const benchConfig = loadConfig({ NODE_ENV: "development", SEED_DEMO: "0", ADMIN_PASSWORD: "BenchAdmin2026" });

async function postgresAvailable(): Promise<string | null> {
  const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const probe = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await probe`select 1`;
    return url;
  } catch (error) {
    log(`PostgreSQL not reachable at ${url.replace(/:[^:@/]*@/, ":***@")}: ${(error as Error).message}; skipping it`);
    return null;
  } finally {
    await probe.end({ timeout: 1 });
  }
}

type EngineReport = { runs: Run[]; double?: Awaited<ReturnType<typeof doublePress>>; statements?: Awaited<ReturnType<typeof statementsPerSignUp>> };

async function benchEngine(engine: "postgres" | "pglite", adminUrl: string | null): Promise<EngineReport> {
  const runs: Run[] = [];
  let url: string | null = null;
  let dropDatabase = async () => {};
  if (engine === "postgres") {
    const name = `bench_signup_${process.pid}`;
    const adminSql = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await adminSql.unsafe(`drop database if exists ${name} with (force)`);
    await adminSql.unsafe(`create database ${name}`);
    await adminSql.end();
    const own = new URL(adminUrl!);
    own.pathname = `/${name}`;
    url = own.toString();
    dropDatabase = async () => {
      const again = postgres(adminUrl!, { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  }
  try {
    if (PARTS.has("raw")) await rawPart(engine, url, runs);
    if (!PARTS.has("full")) return { runs };
    return await fullPart(engine, url, runs);
  } finally {
    await dropDatabase();
  }
}

/** The raw limit and the naive control: this process, straight to the database (PGlite: one of its own in memory). */
async function rawPart(engine: "postgres" | "pglite", url: string | null, runs: Run[]) {
  log(`${engine}: raw limit and naive control`);
  const database = await openDatabase({ databaseUrl: url, dataDir: "", memory: true, pool: 8 });
  await migrate(database);
  await seed(database, benchConfig, new Date());
  const rawMembers = await makeBenchMembers(database.db, REQUESTS, "raw");
  const exec = execOf(database);
  // Warm the statements and the pool.
  await rawRun(engine, database, exec, rawMembers, "spread", 8, "raw all");
  for (const shape of SHAPES)
    for (const clients of CLIENTS) {
      for (const path of ["raw", "raw all"] as const) {
        const run = await rawRun(engine, database, exec, rawMembers, shape, clients, path);
        runs.push(run);
        log(`${engine} ${path} ${shape} ${clients}: ${run.rps.toFixed(0)}/s p99 ${run.p99.toFixed(2)} ms ${run.ok ? "PASS" : "FAIL"}`);
      }
    }
  if (engine === "postgres") {
    // What the pool of 8 spares the database: one connection per client on the hot row.
    const wide = await openDatabase({ databaseUrl: url, dataDir: "", pool: 64 });
    for (const shape of SHAPES) {
      const run = await rawRun(engine, database, execOf(wide), rawMembers, shape, 64, "raw 64 conn");
      runs.push(run);
      log(`${engine} raw 64 conn ${shape}: ${run.rps.toFixed(0)}/s ${run.ok ? "PASS" : "FAIL"}`);
    }
    await wide.close();
  }
  for (const clients of [8, 64]) {
    const run = await rawRun(engine, database, exec, rawMembers, "hot", clients, "naive");
    runs.push(run);
    log(`${engine} naive hot ${clients}: ${run.note}`);
  }
  await database.close();
}

/** The full path: the portal in its own process, members signed in before the clock starts. */
async function fullPart(engine: "postgres" | "pglite", url: string | null, runs: Run[]): Promise<EngineReport> {
  log(`${engine}: starting the portal`);
  const portal = await Portal.start(url);
  try {
    const made = await portal.adminCall<{ id: number; account: string }[]>("/members", { n: REQUESTS, prefix: "bench" });
    log(`${engine}: signing in ${made.length} members`);
    const members: Member[] = new Array(made.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < made.length) {
          const i = next++;
          members[i] = await portal.signIn(made[i]!.account, made[i]!.id);
        }
      }),
    );
    // Warm the server (JIT, pool, caches) on activities of its own.
    await fullRun(engine, portal, members, "spread", 8, 300, 100);
    await fullRun(engine, portal, members, "hot", 64, 300, 30);
    for (const shape of SHAPES)
      for (const clients of CLIENTS) {
        const run = await fullRun(engine, portal, members, shape, clients);
        runs.push(run);
        log(`${engine} full ${shape} ${clients}: ${run.rps.toFixed(0)}/s p99 ${run.p99.toFixed(2)} ms ${JSON.stringify(run.counts)} ${run.ok ? "PASS" : "FAIL"}`);
      }
    // Checkouts of one gift, against the sign-ups above: the hot gift when redemption opens.
    await fullRun(engine, portal, members, "hot", 64, 300, 30, "checkout");
    for (const shape of SHAPES)
      for (const clients of [8, 64]) {
        const run = await fullRun(engine, portal, members, shape, clients, REQUESTS, QUOTA, "checkout");
        runs.push(run);
        log(`${engine} checkout ${shape} ${clients}: ${run.rps.toFixed(0)}/s p99 ${run.p99.toFixed(2)} ms ${JSON.stringify(run.counts)} ${run.ok ? "PASS" : "FAIL"}`);
      }
    const double = await doublePress(portal, members[0]!, engine);
    log(`${engine} double press: ${double.codes.join(" + ")} ${double.ok ? "PASS" : "FAIL"}`);
    const statements = await statementsPerSignUp(portal, members, engine);
    return { runs, double, statements };
  } finally {
    await portal.stop();
  }
}

// ---- report ----------------------------------------------------------------

const f = (v: number, d = 2) => v.toFixed(d);
const pad = (s: string | number, w: number) => String(s).padStart(w);

function printReport(reports: Map<string, EngineReport>) {
  const out: string[] = [];
  out.push(`sign-up burst: ${REQUESTS} requests per run, one distinct member each; quota ${QUOTA} (a tenth) unless "raw all" (room for all); spread = ${SPREAD} activities`);
  out.push(`raw = the one-statement sign-up straight to the database (PostgreSQL: pool of 8 like the app; "raw 64 conn": one connection per client);`);
  out.push(`full = /order/sign through the protocol over loopback to the portal in its own process; checkout = /market/place of a trolley holding one of`);
  out.push(`those items instead ("vs raw" is then its share of full's rate); naive = read the count, then write.\n`);
  out.push(
    `${"engine".padEnd(9)}${"shape".padEnd(7)}${pad("clients", 7)}  ${"path".padEnd(12)}${pad("req/s", 8)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("max ms", 9)}${pad("vs raw", 8)}${pad("sold-out p99", 13)}  ${"won/full/other".padEnd(18)}invariants`,
  );
  for (const [engine, report] of reports) {
    const raw = (shape: Shape, clients: number) => report.runs.find((r) => r.path === "raw" && r.shape === shape && r.clients === clients);
    const order = ["raw", "full", "checkout", "raw all", "raw 64 conn", "naive"];
    const sorted = [...report.runs].sort((a, b) => SHAPES.indexOf(a.shape) - SHAPES.indexOf(b.shape) || a.clients - b.clients || order.indexOf(a.path) - order.indexOf(b.path));
    for (const r of sorted) {
      const other = Object.entries(r.counts)
        .filter(([k]) => k !== "won" && k !== "full")
        .reduce((s, [, v]) => s + v, 0);
      const base = r.path === "checkout" ? report.runs.find((x) => x.path === "full" && x.shape === r.shape && x.clients === r.clients) : raw(r.shape, r.clients);
      const ratio = (r.path === "full" || r.path === "checkout") && base ? `${f((100 * r.rps) / base.rps, 0)}%` : "";
      const verdict =
        r.path === "naive"
          ? r.note
          : r.ok
            ? `PASS (used ${r.verdict.used} = quota ${r.quota} = orders ${r.verdict.orders} = members ${r.verdict.members}, twice ${r.verdict.twice})`
            : `FAIL (used ${r.verdict.used}, cap ${r.verdict.cap}, orders ${r.verdict.orders}, items ${r.verdict.items}, members ${r.verdict.members}, twice ${r.verdict.twice}, over cap ${r.verdict.overCap}, mismatched ${r.verdict.mismatched}; answers ${JSON.stringify(r.counts)})`;
      out.push(
        `${engine.padEnd(9)}${r.shape.padEnd(7)}${pad(r.clients, 7)}  ${r.path.padEnd(12)}${pad(f(r.rps, 0), 8)}${pad(f(r.p50), 9)}${pad(f(r.p99), 9)}${pad(f(r.max), 9)}${pad(ratio, 8)}${pad(r.soldOutP99 === null ? "" : f(r.soldOutP99), 13)}  ${`${r.counts.won ?? 0}/${r.counts.full ?? 0}/${other}`.padEnd(18)}${verdict}`,
      );
    }
    out.push("");
  }

  out.push("CPU per request, µs (client = this process; server = the portal's process; db = all postgres processes on this machine; PGlite runs inside its process):");
  out.push(`${"engine".padEnd(9)}${"shape".padEnd(7)}${pad("clients", 7)}  ${"path".padEnd(12)}${pad("client", 8)}${pad("server", 8)}${pad("(sys)", 8)}${pad("db", 8)}`);
  for (const [engine, report] of reports)
    for (const r of report.runs.filter((x) => x.path === "full" || x.path === "checkout" || x.path === "raw")) {
      const full = r.path !== "raw";
      out.push(
        `${engine.padEnd(9)}${r.shape.padEnd(7)}${pad(r.clients, 7)}  ${r.path.padEnd(12)}${pad(f(r.cpu.client, 0), 8)}${pad(full ? f(r.cpu.server, 0) : "-", 8)}${pad(full ? f(r.cpu.serverSys, 0) : "-", 8)}${pad(engine === "postgres" ? f(r.cpu.db, 0) : "-", 8)}`,
      );
    }
  out.push("");

  out.push("SQL statements the portal sends per /order/sign, one client (plus BEGIN and COMMIT/ROLLBACK of the command's transaction):");
  for (const [engine, report] of reports)
    for (const [label, m] of report.statements
      ? ([
          ["won", report.statements.won],
          ["sold out", report.statements.soldOut],
        ] as const)
      : []) {
      const total = Object.values(m.perRequest).reduce((s, v) => s + v, 0);
      out.push(
        `  ${engine} ${label} (${JSON.stringify(m.codes)}): ${f(total, 1)} + 2 = ${Object.entries(m.perRequest)
          .map(([k, v]) => `${k} ${f(v, 2).replace(/\.?0+$/, "")}`)
          .join(", ")}${m.background ? ` (and ${m.background} statements of the background jobs in the window)` : ""}`,
      );
    }
  out.push("");

  out.push("goals at 64 clients (full path): spread ≥ 70% of raw, hot > 100% of raw, p99 ≤ 200 ms hot / 50 ms spread, sold-out p99 ≤ 20 ms, nothing over 3 s:");
  for (const [engine, report] of reports) {
    const at = (path: string, shape: Shape) => report.runs.find((r) => r.path === path && r.shape === shape && r.clients === 64);
    const checks: [string, boolean, string][] = [];
    for (const shape of SHAPES) {
      const full = at("full", shape);
      const raw = at("raw", shape);
      if (!full) continue;
      if (raw) {
        const ratio = full.rps / raw.rps;
        checks.push([`${shape} throughput`, shape === "spread" ? ratio >= 0.7 : ratio > 1, `${f(100 * ratio, 0)}% of raw`]);
      }
      checks.push([`${shape} p99`, full.p99 <= (shape === "hot" ? 200 : 50), `${f(full.p99)} ms`]);
      checks.push([`${shape} sold-out p99`, (full.soldOutP99 ?? 0) <= 20, `${f(full.soldOutP99 ?? 0)} ms`]);
    }
    const fulls = report.runs.filter((r) => r.path === "full");
    if (fulls.length === 0) continue;
    const worst = Math.max(...fulls.map((r) => r.max));
    checks.push(["max, every full run", worst <= 3000, `${f(worst)} ms`]);
    out.push(`  ${engine}: ${checks.map(([name, met, value]) => `${name} ${value} ${met ? "met" : "MISSED"}`).join("; ")}`);
    if (report.double)
      out.push(`  ${engine} double press (one member, two requests at once): ${report.double.codes.join(" + ")}, ${report.double.verdict.items} order: ${report.double.ok ? "PASS" : "FAIL"}`);
  }
  console.log(out.join("\n"));
}

// ---- main ------------------------------------------------------------------

const started = performance.now();
const reports = new Map<string, EngineReport>();
const adminUrl = ENGINES.includes("postgres") ? await postgresAvailable() : null;
for (const engine of ENGINES) {
  if (engine === "postgres" && !adminUrl) continue;
  reports.set(engine, await benchEngine(engine, adminUrl));
}
printReport(reports);
const failed = [...reports.values()].some((r) => (r.double && !r.double.ok) || r.runs.some((run) => !run.ok));
log(`done in ${f((performance.now() - started) / 1000, 0)} s${failed ? ": an invariant FAILED" : ""}`);
process.exit(failed ? 1 : 0);
