// Starts the real server (`bun src/main.ts`) for browser tests, on a free port
// with a data directory of its own: a copy of one seeded at this test
// process's first server (see seededDataDir), or, for a server given settings
// that seeding reads, a fresh, empty one it seeds itself.
// E2E_SEED_EACH_SERVER=1 makes every server seed its own (to compare).
//
//   const server = await startServer();
//   ... page.goto(server.url + "/") ...
//   await server.stop();
//
// The server gets PORT, DATA_DIR, NODE_ENV=test, CAPTCHA_FIXED=ABC123, STAFF_IDLE_MINUTES=720 and SECOND_FACTOR_GRACE_DAYS=3650;
// opts.env is laid over them (it can change NODE_ENV or CAPTCHA_FIXED, add
// anything else, or name its own DATA_DIR, which is then kept on stop()).
// DATABASE_URL and TEST_DATABASE_URL from the outer environment are not passed
// on, so the server uses its embedded database unless opts.env names one.
// opts.root runs another checkout's src/main.ts (the first-screen benchmark
// compares two). Set E2E_SERVER_LOG=1 to see the server's own output.

import { rmSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { START, testNow } from "./clock";

const ROOT = join(import.meta.dir, "..", "..");
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const KEEP_OUTPUT_CHARS = 64 * 1024;

export interface TestServer {
  /** http://127.0.0.1:PORT, no trailing slash */
  url: string;
  port: number;
  /** The server process's id. */
  pid: number;
  dataDir: string;
  /** What the server printed so far (the last 64 KB of stdout, then of stderr). */
  output(): string;
  /** Sends a signal as an operator's `kill` would; resolves with the exit code once the process is gone. */
  signal(signal: NodeJS.Signals): Promise<number | null>;
  stop(): Promise<void>;
}

/** Servers still running, killed if the test process exits without stop(). */
const live = new Set<{ kill(signal?: number | NodeJS.Signals): void }>();
process.on("exit", () => {
  for (const child of live) {
    try {
      child.kill("SIGKILL");
    } catch {}
  }
});

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error("could not find a free port"))));
    });
  });
}

/**
 * Settings a server may be given that its first start's seeding does not
 * read: a server with only these (or none) starts on a copy of the seeded
 * data directory instead of making and seeding its own.
 */
const SEED_NEUTRAL = new Set(["ACTIVATION_MODE", "CLOCK_OFFSET_FILE", "LOG_LEVEL", "CODE_SENDS_PER_ADDRESS", "JOB_UPLOAD_WAIT_MS"]);

/**
 * Making a data directory (PGlite's initdb), migrating and seeding the demo
 * (seven argon2id hashes, the demo files) took most of a server's start, and
 * every plain test server starts from the same seeded state: so a server is
 * started once per test process on a directory of its own, stopped (its
 * files then whole on disk), and each plain server afterwards gets a copy of
 * that directory. The copy leaves out the lock and the payment sandbox's
 * secret, which every server makes its own.
 */
let seededDir: Promise<string> | null = null;

/**
 * The seeded data directory: E2E_SEEDED_DATA_DIR when the runner made one for
 * all its test processes (scripts/test.ts), else one made by this process and
 * removed when it exits. It is seeded at START, the moment every test
 * process's clock starts from, whenever it is made.
 */
export function seededDataDir(): Promise<string> {
  const shared = process.env.E2E_SEEDED_DATA_DIR;
  if (shared) return Promise.resolve(shared);
  seededDir ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), "union-portal-e2e-template-"));
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    const seeding = await startServer({ env: { DATA_DIR: dir, CLOCK_START: START.toISOString() } });
    await seeding.stop();
    return dir;
  })();
  // A failed attempt is not kept: the next server tries again (and reports its own failure).
  seededDir.catch(() => (seededDir = null));
  return seededDir;
}

/** Copies the seeded data directory into `dataDir` (which must not exist, or be empty). */
export async function copySeededDataDir(dataDir: string): Promise<void> {
  const from = await seededDataDir();
  await cp(from, dataDir, { recursive: true, filter: (src) => !/[\\/](portal\.lock|payment-sandbox\.secret)$/.test(src) });
}

const seedNeutral = (env: Record<string, string> | undefined) => Object.keys(env ?? {}).every((key) => SEED_NEUTRAL.has(key));

export async function startServer(opts: { env?: Record<string, string>; root?: string } = {}): Promise<TestServer> {
  try {
    return await startServerOnce(opts);
  } catch (error) {
    // The free port was found free and then taken by another test process before the server bound it: once more, on another.
    if (!(error instanceof Error && error.message.includes("Cannot listen on port"))) throw error;
    return startServerOnce(opts);
  }
}

async function startServerOnce(opts: { env?: Record<string, string>; root?: string }): Promise<TestServer> {
  const ownDataDir = !opts.env?.DATA_DIR;
  const dataDir = opts.env?.DATA_DIR ?? (await mkdtemp(join(tmpdir(), "union-portal-e2e-")));
  // Another checkout (opts.root) seeds by its own code: it makes its own.
  if (ownDataDir && !opts.root && seedNeutral(opts.env) && !process.env.E2E_SEED_EACH_SERVER) await copySeededDataDir(dataDir);
  const port = await freePort();

  const env: Record<string, string | undefined> = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  // The server's clock runs from the tests' fixed moment; a restart carries on from where this process's time is.
  // Journeys move the clock by hours with an officer signed in: the staff idle time is the token lifetime here
  // (tests/api/sessions.test.ts holds the 30 minutes).
  Object.assign(env, { NODE_ENV: "test", CAPTCHA_FIXED: "ABC123", CLOCK_START: testNow().toISOString(), STAFF_IDLE_MINUTES: "720", SECOND_FACTOR_GRACE_DAYS: "3650" }, opts.env, {
    PORT: String(port),
    DATA_DIR: dataDir,
  });

  return serveProcess({
    cmd: [process.execPath, "src/main.ts"],
    cwd: opts.root ?? ROOT,
    env,
    port,
    dataDir,
    readyPath: "/healthz",
    timeoutMs: READY_TIMEOUT_MS,
    pollMs: 100,
    graceMs: STOP_GRACE_MS,
    afterStop: ownDataDir ? () => rm(dataDir, { recursive: true, force: true }) : undefined,
  });
}

/**
 * Spawns a server process, keeps the tail of its output (always draining the
 * pipes, so it never blocks on a full one) and waits until `readyPath`
 * answers 200; `readyMs` is the time from the spawn to that answer.
 */
export async function serveProcess(opts: {
  cmd: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  port: number;
  dataDir: string;
  readyPath: "/healthz" | "/readyz";
  timeoutMs: number;
  pollMs: number;
  graceMs: number;
  afterStop?: () => Promise<void>;
}): Promise<TestServer & { pid: number; readyMs: number }> {
  const started = performance.now();
  const label = opts.cmd.join(" ");
  const showLog = !!process.env.E2E_SERVER_LOG;
  const child = Bun.spawn(opts.cmd, { cwd: opts.cwd, env: opts.env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  live.add(child);

  let stdout = "";
  let stderr = "";
  const drain = async (stream: ReadableStream<Uint8Array>, which: "out" | "err") => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of stream) {
        if (showLog) (which === "out" ? process.stdout : process.stderr).write(chunk);
        const text = decoder.decode(chunk, { stream: true });
        if (which === "out") stdout = (stdout + text).slice(-KEEP_OUTPUT_CHARS);
        else stderr = (stderr + text).slice(-KEEP_OUTPUT_CHARS);
      }
    } catch {}
  };
  void drain(child.stdout, "out");
  void drain(child.stderr, "err");

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), opts.graceMs);
      await child.exited;
      clearTimeout(timer);
    }
    live.delete(child);
    await opts.afterStop?.();
  };
  const signal = async (name: NodeJS.Signals) => {
    child.kill(name);
    await child.exited;
    live.delete(child);
    return child.exitCode;
  };

  const url = `http://127.0.0.1:${opts.port}`;
  const describeOutput = () => `--- server stderr ---\n${stderr.trim() || "(empty)"}\n--- server stdout ---\n${stdout.trim() || "(empty)"}`;
  let lastError = "";
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await child.exited;
      const how = child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`;
      await stop();
      throw new Error(`${label} ${how} before ${url}${opts.readyPath} answered 200.\n${describeOutput()}`);
    }
    try {
      const res = await fetch(`${url}${opts.readyPath}`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.status === 200) break;
      lastError = `HTTP ${res.status}`;
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
    if (performance.now() - started > opts.timeoutMs) {
      await stop();
      throw new Error(`${label} did not answer 200 on ${url}${opts.readyPath} within ${opts.timeoutMs / 1000} s (last: ${lastError}).\n${describeOutput()}`);
    }
    await Bun.sleep(opts.pollMs);
  }
  const readyMs = performance.now() - started;
  return { url, port: opts.port, pid: child.pid, readyMs, dataDir: opts.dataDir, output: () => `${stdout}\n${stderr}`, signal, stop };
}
