// Runs the compiled portal (scripts/compile.ts) as an operator would: from
// its own folder, with nothing in its environment but what is given (no PATH,
// no HOME: env -i), on a free port. For the compile test and the binary
// benchmark.
//
//   const portal = await startBinary("/tmp/x/union-portal", { DATA_DIR: "data" });
//   ... portal.url, portal.pid, portal.readyMs ...
//   await portal.stop();
import { copyFile, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { compile } from "../../scripts/compile";
import { type TestServer, freePort, serveProcess } from "./server";

const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 10_000;
/** How often readiness is asked: the start-up time is measured by it. */
const POLL_MS = 10;

export type RunningBinary = TestServer & {
  pid: number;
  /** From the spawn to the first 200 of /readyz (database answering, migrations applied). */
  readyMs: number;
};

/** The binary's answer to a command-line flag (--help, --version), run the same bare way. */
export function runBinary(binary: string, args: string[]): { code: number; stdout: string; stderr: string } {
  const done = Bun.spawnSync([binary, ...args], { cwd: dirname(binary), env: {}, stdin: "ignore" });
  return { code: done.exitCode, stdout: done.stdout.toString(), stderr: done.stderr.toString() };
}

/** Starts the binary with PORT and `env` only (DATA_DIR relative to the binary's folder) and waits until it serves. */
export async function startBinary(binary: string, env: Record<string, string>, opts: { port?: number } = {}): Promise<RunningBinary> {
  const port = opts.port ?? (await freePort());
  return serveProcess({
    cmd: [binary],
    cwd: dirname(binary),
    env: { ...env, PORT: String(port) },
    port,
    dataDir: env.DATA_DIR ?? "./data",
    readyPath: "/readyz",
    timeoutMs: READY_TIMEOUT_MS,
    pollMs: POLL_MS,
    graceMs: STOP_GRACE_MS,
  });
}

/** Resident memory of a process, from /proc/<pid>/status (VmRSS), in bytes. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await Bun.file(`/proc/${pid}/status`).text();
  const kb = status.match(/^VmRSS:\s+(\d+) kB$/m)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** Peak resident memory of a process so far, from /proc/<pid>/status (VmHWM), in bytes. */
export async function peakResidentBytes(pid: number): Promise<number> {
  const status = await Bun.file(`/proc/${pid}/status`).text();
  const kb = status.match(/^VmHWM:\s+(\d+) kB$/m)?.[1];
  if (!kb) throw new Error(`no VmHWM for process ${pid}`);
  return Number(kb) * 1024;
}

/** The benches' environment: the image code pinned, and /system/token's per-address limit raised (every client is this one address). */
export const BENCH_IMAGE_CODE = "ABC123";
export const benchEnv = (dataDir = "data") => ({ DATA_DIR: dataDir, CAPTCHA_FIXED: BENCH_IMAGE_CODE, TOKEN_BURST: "100000", TOKEN_PER_SECOND: "100000" });

/** `given`, or dist/union-portal built now (scripts/compile.ts), copied alone into `folder` as an operator would install it. */
export async function binaryIn(folder: string, given = ""): Promise<string> {
  const built = given || (await compile(join(folder, "build", "union-portal")));
  await mkdir(folder, { recursive: true });
  const binary = join(folder, "union-portal");
  await copyFile(built, binary);
  return binary;
}
