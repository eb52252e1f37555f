// Starts the real server (`bun src/main.ts`) for browser tests, on a free port
// with a fresh, empty data directory.
//
//   const server = await startServer();
//   ... page.goto(server.url + "/") ...
//   await server.stop();
//
// The server gets PORT, DATA_DIR, NODE_ENV=test and CAPTCHA_FIXED=ABC123;
// opts.env is laid over them (it can change NODE_ENV or CAPTCHA_FIXED, add
// anything else, or name its own DATA_DIR, which is then kept on stop()).
// DATABASE_URL and TEST_DATABASE_URL from the outer environment are not passed
// on, so the server uses its embedded database unless opts.env names one.
// opts.root runs another checkout's src/main.ts (the first-screen benchmark
// compares two). Set E2E_SERVER_LOG=1 to see the server's own output.

import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testNow } from "./clock";

const ROOT = join(import.meta.dir, "..", "..");
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const KEEP_OUTPUT_CHARS = 64 * 1024;

export interface TestServer {
  /** http://127.0.0.1:PORT, no trailing slash */
  url: string;
  port: number;
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

export async function startServer(opts: { env?: Record<string, string>; root?: string } = {}): Promise<TestServer> {
  const port = await freePort();
  const ownDataDir = !opts.env?.DATA_DIR;
  const dataDir = opts.env?.DATA_DIR ?? (await mkdtemp(join(tmpdir(), "union-portal-e2e-")));

  const env: Record<string, string | undefined> = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  // The server's clock runs from the tests' fixed moment; a restart carries on from where this process's time is.
  Object.assign(env, { NODE_ENV: "test", CAPTCHA_FIXED: "ABC123", CLOCK_START: testNow().toISOString() }, opts.env, {
    PORT: String(port),
    DATA_DIR: dataDir,
  });

  const showLog = !!process.env.E2E_SERVER_LOG;
  const child = Bun.spawn([process.execPath, "src/main.ts"], {
    cwd: opts.root ?? ROOT,
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  live.add(child);

  // Keep the tail of the server's output for error messages; always drain the
  // pipes so the server never blocks on a full one.
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
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await child.exited;
      clearTimeout(timer);
    }
    live.delete(child);
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const describeOutput = () =>
    `--- server stderr ---\n${stderr.trim() || "(empty)"}\n--- server stdout ---\n${stdout.trim() || "(empty)"}`;

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError = "";
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await child.exited;
      await Bun.sleep(50); // let the last output arrive
      const how = child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`;
      await stop();
      throw new Error(`bun src/main.ts ${how} before ${url}/healthz answered 200.\n${describeOutput()}`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
      lastError = `HTTP ${res.status}`;
      await res.body?.cancel();
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `bun src/main.ts did not answer 200 on ${url}/healthz within ${READY_TIMEOUT_MS / 1000} s (last: ${lastError}).\n${describeOutput()}`,
      );
    }
    await Bun.sleep(100);
  }

  const signal = async (name: NodeJS.Signals) => {
    child.kill(name);
    await child.exited;
    return child.exitCode;
  };
  return { url, port, dataDir, output: () => `${stdout}\n${stderr}`, signal, stop };
}
