// Runs the compiled portal (scripts/compile.ts) as an operator would: from
// its own folder, with nothing in its environment but what is given (no PATH,
// no HOME: env -i), on a free port. For the compile test and the binary
// benchmark.
//
//   const portal = await startBinary("/tmp/x/union-portal", { DATA_DIR: "data" });
//   ... portal.url, portal.pid, portal.readyMs ...
//   await portal.stop();
import { dirname } from "node:path";
import type { TestServer } from "./server";
import { freePort } from "./server";

const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 10_000;
const KEEP_OUTPUT_CHARS = 64 * 1024;
/** How often readiness is asked: the start-up time is measured by it. */
const POLL_MS = 10;

export type RunningBinary = TestServer & {
  pid: number;
  /** From the spawn to the first 200 of /readyz (database answering, migrations applied). */
  readyMs: number;
};

const live = new Set<{ kill(signal?: number | NodeJS.Signals): void }>();
process.on("exit", () => {
  for (const child of live) {
    try {
      child.kill("SIGKILL");
    } catch {}
  }
});

/** The binary's answer to a command-line flag (--help, --version), run the same bare way. */
export function runBinary(binary: string, args: string[]): { code: number; stdout: string; stderr: string } {
  const done = Bun.spawnSync([binary, ...args], { cwd: dirname(binary), env: {}, stdin: "ignore" });
  return { code: done.exitCode, stdout: done.stdout.toString(), stderr: done.stderr.toString() };
}

/** Starts the binary with PORT and `env` only (DATA_DIR relative to the binary's folder) and waits until it serves. */
export async function startBinary(binary: string, env: Record<string, string>, opts: { port?: number } = {}): Promise<RunningBinary> {
  const port = opts.port ?? (await freePort());
  const cwd = dirname(binary);
  const started = performance.now();
  const child = Bun.spawn([binary], { cwd, env: { ...env, PORT: String(port) }, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  live.add(child);

  let output = "";
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of stream) output = (output + decoder.decode(chunk, { stream: true })).slice(-KEEP_OUTPUT_CHARS);
    } catch {}
  };
  void drain(child.stdout);
  void drain(child.stderr);

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
  };

  const signal = async (name: NodeJS.Signals) => {
    child.kill(name);
    await child.exited;
    live.delete(child);
    return child.exitCode;
  };

  const url = `http://127.0.0.1:${port}`;
  let lastError = "";
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await child.exited;
      await stop();
      throw new Error(`${binary} stopped (${child.signalCode ?? `exit ${child.exitCode}`}) before it served.\n${output}`);
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.status === 200) break;
      lastError = `HTTP ${res.status}`;
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
    if (performance.now() - started > READY_TIMEOUT_MS) {
      await stop();
      throw new Error(`${binary} did not serve ${url}/readyz within ${READY_TIMEOUT_MS / 1000} s (last: ${lastError}).\n${output}`);
    }
    await Bun.sleep(POLL_MS);
  }
  const readyMs = performance.now() - started;
  return { url, port, pid: child.pid, readyMs, dataDir: env.DATA_DIR ?? "./data", output: () => output, signal, stop };
}

/** Resident memory of a process, from /proc/<pid>/status (VmRSS), in bytes. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await Bun.file(`/proc/${pid}/status`).text();
  const kb = status.match(/^VmRSS:\s+(\d+) kB$/m)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}
