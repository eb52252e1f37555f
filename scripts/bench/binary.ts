// npm run bench:binary: the compiled portal as an operator runs it.
//
//   bun scripts/bench/binary.ts [--runs N] [--sign-ins N] [--binary PATH]
//
// Builds dist/union-portal (scripts/compile.ts) unless --binary names one,
// copies it alone into a temporary folder and measures:
//   - the binary's size;
//   - the first start (makes the data folder, migrates, seeds);
//   - the time from start to serving (/readyz answering 200) on that existing
//     data folder, median of --runs starts (goal under 2 s);
//   - resident memory (VmRSS of /proc/<pid>/status) after the first start and
//     once the idle collector has run; idle after start, and
//     after --sign-ins sign-ins (goal under 200 MB), each a new session through
//     the real protocol (token, image code, check) from 8 clients at once.
// The server gets a bare environment (tests/helpers/binary.ts): DATA_DIR,
// the image code pinned, and /system/token's per-address limit raised, since
// every sign-in comes from this one address.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nodeBackend } from "../../src/http/crypto-node";
import { ApiClient } from "../../src/protocol/client";
import { passwordDigest } from "../../src/protocol/password";
import { isSuccess } from "../../src/protocol/result";
import { signIn } from "../../src/protocol/signin";
import { BENCH_IMAGE_CODE, benchEnv, binaryIn, peakResidentBytes, residentBytes, startBinary } from "../../tests/helpers/binary";
import { QUIET_MS } from "../../src/idle-gc";

const CLIENTS = 8;
const ACCOUNTS = ["cn000001", "cn000002", "cn000003", "cn100001", "cn100002"];
const PASSWORD = "Union2026demo";
/** Long enough for the start's garbage to be collected and the jobs' first tick to pass. */
const SETTLE_MS = 3_000;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const runs = Number(option("--runs", "5"));
const signIns = Number(option("--sign-ins", "1000"));

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const folder = await mkdtemp(join(tmpdir(), "union-portal-bench-binary-"));
try {
  const binary = await binaryIn(folder, option("--binary", ""));
  console.log(`binary: ${mb(Bun.file(binary).size)}`);

  const env = benchEnv();
  const first = await startBinary(binary, env);
  const seeded = await residentBytes(first.pid);
  // The idle collector (src/idle-gc.ts) runs once the portal has been quiet for QUIET_MS after its start.
  await Bun.sleep(2 * QUIET_MS + 1_000);
  const seededLater = await residentBytes(first.pid);
  await first.stop();
  console.log(`first start (new data folder, migrations, demo seed): ${seconds(first.readyMs)}`);
  console.log(`resident memory after the first start: ${mb(seeded)}, ${(2 * QUIET_MS + 1_000) / 1000} s later ${mb(seededLater)}`);

  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const portal = await startBinary(binary, env);
    times.push(portal.readyMs);
    await portal.stop();
  }
  console.log(`start to serving on the existing data folder: median ${seconds(median(times))} of ${runs} (${times.map(seconds).join(", ")})`);

  const portal = await startBinary(binary, env);
  try {
    await Bun.sleep(SETTLE_MS);
    const idle = await residentBytes(portal.pid);
    console.log(`resident memory idle after start: ${mb(idle)}`);

    const started = performance.now();
    let next = 0;
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < signIns) {
          const n = next++;
          const client = new ApiClient({ baseUrl: portal.url, backend: nodeBackend, appId: "union-portal-cli" });
          const answer = await signIn(client, { account: ACCOUNTS[n % ACCOUNTS.length]!, passwordMd5: passwordDigest(PASSWORD), captcha: BENCH_IMAGE_CODE });
          if (!isSuccess(answer)) failures.push(answer.message.code);
        }
      }),
    );
    const elapsed = performance.now() - started;
    if (failures.length) throw new Error(`${failures.length} sign-ins failed: ${[...new Set(failures)].join(", ")}`);
    const after = await residentBytes(portal.pid);
    const peak = await peakResidentBytes(portal.pid);
    console.log(`${signIns} sign-ins from ${CLIENTS} clients: ${seconds(elapsed)} (${Math.round(signIns / (elapsed / 1000))}/s)`);
    console.log(`resident memory after them: ${mb(after)} (peak ${mb(peak)})`);
    // Argon2id's 64 MiB blocks go back within seconds; the idle collector returns most of the rest once it is quiet.
    for (const later of [3_000, 15_000]) {
      await Bun.sleep(later - (later === 3_000 ? 0 : 3_000));
      console.log(`resident memory ${later / 1000} s later: ${mb(await residentBytes(portal.pid))}`);
    }
  } finally {
    await portal.stop();
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}
