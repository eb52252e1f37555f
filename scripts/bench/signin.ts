// npm run bench:signin: a sign-in storm, and the first start, against the
// compiled portal on its embedded database (issue 19 item 5, decision 87).
//
//   bun scripts/bench/signin.ts [--members 500] [--binary PATH] [--before PATH]
//
// Builds dist/union-portal (scripts/compile.ts) unless --binary names one;
// --before names a second binary (an older build) measured the same way in
// the same run, side by side. For each binary:
//   - the first start on an empty data folder (migrations, demo seed): its
//     peak resident memory (VmHWM of /proc/<pid>/status) when serving and 2 s
//     later (goal under 300 MB);
//   - the hash alone: password checks per second of the binary's cost on as
//     many concurrent checks as the machine has cores, in this process;
//   - the storm: --members members (one hash made at the cost, copied) sign
//     in all at once, each through the real protocol (token, image code,
//     check). A member told "busy, retry in N s" presses again after N s, as
//     the page tells them, on the same session. Reported: sign-ins per second against the hash
//     alone, p50/p99 from the first press to success, busy answers, errors by
//     code (goal none), peak resident memory (goal under 400 MB) and 3 s later.
// Members are written into the data folder by this process while the portal
// is stopped (an embedded database has one owner at a time).
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client";
import { DEFAULT_COST } from "../../src/config";
import { nodeBackend } from "../../src/http/crypto-node";
import { ApiClient } from "../../src/protocol/client";
import { passwordDigest } from "../../src/protocol/password";
import { signIn } from "../../src/protocol/signin";
import { BENCH_IMAGE_CODE, benchEnv, binaryIn, peakResidentBytes, residentBytes, startBinary } from "../../tests/helpers/binary";
import { BENCH_PASSWORD, makeBenchMembers } from "./signup-fixtures";

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const members = Number(option("--members", "500"));
const cores = availableParallelism();
const HASH_ALONE_MS = 3_000;
const SETTLE_MS = 3_000;
const digest = passwordDigest(BENCH_PASSWORD).toLowerCase();

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** The first start on an empty data folder: peak memory when serving and 2 s later. */
async function firstStart(binary: string) {
  const portal = await startBinary(binary, benchEnv());
  try {
    const atReady = await peakResidentBytes(portal.pid);
    await Bun.sleep(2_000);
    return { readyMs: portal.readyMs, peakAtReady: atReady, peak: await peakResidentBytes(portal.pid), rssLater: await residentBytes(portal.pid) };
  } finally {
    await portal.stop();
  }
}

/** Checks per second of `hash` on `cores` checks at once: the ceiling a storm of this cost can reach. */
async function hashAlone(hash: string): Promise<number> {
  let done = 0;
  const until = performance.now() + HASH_ALONE_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: cores }, async () => {
      while (performance.now() < until) {
        if (!(await Bun.password.verify(digest, hash))) throw new Error("the bench hash does not match its password");
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

async function storm(binary: string, accounts: string[]) {
  const portal = await startBinary(binary, benchEnv());
  try {
    await Bun.sleep(SETTLE_MS);
    const idle = await residentBytes(portal.pid);
    const times: number[] = [];
    const errors = new Map<string, number>();
    let busy = 0;
    const started = performance.now();
    await Promise.all(
      accounts.map(async (account) => {
        const pressed = performance.now();
        // One page, one session: pressing again fetches a new image code, as the page does.
        const client = new ApiClient({ baseUrl: portal.url, backend: nodeBackend, appId: "union-portal-cli" });
        for (;;) {
          const answer: { message: { code: string; params?: Record<string, unknown> } } = await signIn(client, { account, passwordMd5: digest, captcha: BENCH_IMAGE_CODE }).catch(
            (error: Error) => ({ message: { code: `thrown: ${error.message}` } }),
          );
          const { code, params } = answer.message;
          const retry = params?.retry;
          if (code === "ERROR_BUSY" && typeof retry === "number") {
            busy++;
            await Bun.sleep(retry * 1000);
            continue;
          }
          if (code === "SUCCESS") times.push(performance.now() - pressed);
          else errors.set(code, (errors.get(code) ?? 0) + 1);
          return;
        }
      }),
    );
    const elapsed = performance.now() - started;
    const peak = await peakResidentBytes(portal.pid);
    await Bun.sleep(3_000);
    const later = await residentBytes(portal.pid);
    times.sort((a, b) => a - b);
    return { idle, elapsed, perSecond: times.length / (elapsed / 1000), p50: quantile(times, 0.5), p99: quantile(times, 0.99), busy, errors, peak, later };
  } finally {
    await portal.stop();
  }
}

type Figures = { name: string; cost: string; first: Awaited<ReturnType<typeof firstStart>>; alone: number; storm: Awaited<ReturnType<typeof storm>> };

async function measure(name: string, binary: string, hashOptions: { memoryCost?: number; timeCost?: number }): Promise<Figures> {
  const first = await firstStart(binary);
  const hash = await Bun.password.hash(digest, { algorithm: "argon2id", ...hashOptions });
  const database = await openDatabase({ databaseUrl: null, dataDir: join(binary, "..", "data") });
  const accounts = (await makeBenchMembers(database.db, members, "storm", hash)).map((m) => m.account);
  await database.close();
  const alone = await hashAlone(hash);
  return { name, cost: hash.split("$")[3]!, first, alone, storm: await storm(binary, accounts) };
}

const folder = await mkdtemp(join(tmpdir(), "union-portal-bench-signin-"));
try {
  const runs: [string, string, { memoryCost?: number; timeCost?: number }][] = [
    ["this build", await binaryIn(join(folder, "now"), option("--binary", "")), { memoryCost: DEFAULT_COST.memoryKiB, timeCost: DEFAULT_COST.passes }],
  ];
  const before = option("--before", "");
  // The older build hashed with Bun's defaults (64 MiB, 2 passes).
  if (before) runs.unshift(["before", await binaryIn(join(folder, "before"), before), {}]);
  const figures: Figures[] = [];
  for (const [name, binary, cost] of runs) figures.push(await measure(name, binary, cost));
  const row = (label: string, value: (f: Figures) => string) => console.log(`| ${label} | ${figures.map(value).join(" | ")} |`);
  console.log(`\n${members} members signing in at once, ${cores} cores\n`);
  console.log(`| | ${figures.map((f) => f.name).join(" | ")} |`);
  console.log(`|---|${figures.map(() => "---").join("|")}|`);
  row("argon2id cost", (f) => f.cost);
  row("first start: serving after", (f) => `${(f.first.readyMs / 1000).toFixed(1)} s`);
  row("first start: peak memory when serving, 2 s later", (f) => `${mb(f.first.peakAtReady)}, ${mb(f.first.peak)}`);
  row("hash alone (checks/s)", (f) => f.alone.toFixed(1));
  row("storm: sign-ins/s", (f) => `${f.storm.perSecond.toFixed(1)} (${((100 * f.storm.perSecond) / f.alone).toFixed(0)}% of the hash alone)`);
  row("storm: p50, p99 from first press", (f) => `${ms(f.storm.p50)}, ${ms(f.storm.p99)}`);
  row("storm: busy answers (pressed again)", (f) => String(f.storm.busy));
  row("storm: errors", (f) => (f.storm.errors.size ? [...f.storm.errors].map(([c, n]) => `${c} ${n}`).join(", ") : "none"));
  row("memory idle, storm peak, 3 s after", (f) => `${mb(f.storm.idle)}, ${mb(f.storm.peak)}, ${mb(f.storm.later)}`);
  const failed = figures.some((f) => f.storm.errors.size > 0);
  if (failed) process.exitCode = 1;
} finally {
  await rm(folder, { recursive: true, force: true });
}
