// The whole test suite, in order: unit, API, then browser (e2e) tests.
//
//   bun scripts/test.ts            (normally through `npm test`)
//   bun scripts/test.ts api        (only the named folders: unit, api, e2e)
//
// Unit tests run as one `bun test` child process, its output passed straight
// through. API tests run as two processes side by side, each a fixed half of
// the files; browser tests one process per file, two at a time, every test
// server on a copy of one seeded data directory made here (API_WORKERS and
// E2E_WORKERS change the two; docs/decisions.md "Test processes side by
// side"). Their output is printed a process at a time as each ends, and read
// to count passes and failures. A folder with no test files is skipped. Before the browser tests, Debian's
// Chromium (and CJK fonts, so Chinese renders in screenshots) is installed
// with apt when missing and we are root, and the UI is built once with
// `bun scripts/build.ts`.
//
// Unit and API tests run in a random order (bun test --seed), files and the
// tests in them, so a test leaning on another's leftovers fails here and not
// on the day the order changes. The seed is printed first and last;
// TEST_SEED=N runs that order again.
//
// Ends with a line `N passed, N failed` (read by CI) and exits non-zero if any
// step failed.

import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { seededDataDir } from "../tests/helpers/server";

const root = join(import.meta.dir, "..");
const bun = process.execPath;
const CHROMIUM = "/usr/bin/chromium";
// Any one of these is enough for Chinese text in screenshots.
const CJK_FONTS = [
  "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
  "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
  "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
  "/usr/share/fonts/truetype/arphic/uming.ttc",
];
// Browser tests start a server and a browser: give them more than bun's 5 s default.
const E2E_TIMEOUT_MS = 120_000;
/** Where a failed browser test leaves its screenshot and console errors (tests/e2e/support.ts). */
const FAILURE_EVIDENCE = join(root, "test-results", "failures");
const API_TIMEOUT_MS = 60_000;
/**
 * Test processes side by side (API_WORKERS, E2E_WORKERS override): a browser
 * journey keeps about half a core busy (the rest is waiting on Chromium and
 * the server), and an API process one core; two fill the 2-core machine.
 */
const DEFAULT_WORKERS = 2;

/** bun test takes a seed from 0 to 2^32 - 1. */
const MAX_SEED = 2 ** 32 - 1;

function orderSeed(asked: string | undefined): number {
  if (asked === undefined || asked === "") return Math.floor(Math.random() * (MAX_SEED + 1));
  if (!/^\d{1,10}$/.test(asked) || Number(asked) > MAX_SEED) {
    console.error(`[test] ERROR: TEST_SEED must be a whole number from 0 to ${MAX_SEED}, got "${asked}"`);
    console.log("0 passed, 1 failed");
    process.exit(2);
  }
  return Number(asked);
}

const seed = orderSeed(process.env.TEST_SEED);
const seedLine = `random order seed: ${seed} — replay with TEST_SEED=${seed}`;

let passed = 0;
let failed = 0;
const problems: string[] = [];

function say(msg: string) {
  console.log(`\n[test] ${msg}`);
}

function stripAnsi(s: string) {
  return s.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, "");
}

// bun test's own file patterns: *.test.*, *_test.*, *.spec.*, *_spec.*
const TEST_FILE = /(\.|_)(test|spec)\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;

function hasTestFiles(dir: string): boolean {
  const abs = join(root, dir);
  if (!existsSync(abs)) return false;
  const stack = [abs];
  while (stack.length) {
    const d = stack.pop()!;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name.startsWith(".")) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (TEST_FILE.test(e.name)) return true;
    }
  }
  return false;
}

/**
 * Runs a command with inherited stdin; stdout/stderr are copied through as
 * they come (unless quiet: a caller that prints them itself) and also returned.
 */
async function run(cmd: string[], env: Record<string, string | undefined> = {}, { quiet = false } = {}) {
  const wantColor = process.stdout.isTTY && !("NO_COLOR" in process.env);
  const child = Bun.spawn(cmd, {
    cwd: root,
    stdin: "inherit",
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, ...(wantColor ? { FORCE_COLOR: "1" } : {}), ...env },
  });
  let text = "";
  /** When bun test began each file (it names a file as it starts it): a file's time is until the next one's start. */
  const fileStarts: { file: string; at: number }[] = [];
  const pump = async (stream: ReadableStream<Uint8Array>, out: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      if (!quiet) out.write(chunk);
      const piece = decoder.decode(chunk, { stream: true });
      for (const m of stripAnsi(piece).matchAll(/^(tests\/\S+\.test\.\w+):$/gm)) fileStarts.push({ file: `./${m[1]}`, at: performance.now() });
      text += piece;
    }
    text += decoder.decode();
  };
  await Promise.all([pump(child.stdout, process.stdout), pump(child.stderr, process.stderr)]);
  const code = await child.exited;
  const ended = performance.now();
  const fileSeconds = fileStarts.map(({ file, at }, i) => ({ file, seconds: Math.round(((fileStarts[i + 1]?.at ?? ended) - at) / 100) / 10 }));
  return { code, text, fileSeconds };
}

function lastCount(text: string, word: "pass" | "fail"): number | null {
  const re = new RegExp(`^\\s*(\\d+) ${word}\\s*$`, "gm");
  let n: number | null = null;
  for (const m of stripAnsi(text).matchAll(re)) n = Number(m[1]);
  return n;
}

/** The test files under `dir`, relative to the root ("./tests/api/x.test.ts"), sorted. */
function testFiles(dir: string): string[] {
  const files: string[] = [];
  const stack = [join(root, dir)];
  while (stack.length) {
    const d = stack.pop()!;
    if (!existsSync(d)) continue;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name.startsWith(".")) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (TEST_FILE.test(e.name)) files.push(`./${relative(root, p)}`);
    }
  }
  return files.sort();
}

/**
 * Seconds each test file took in a full run (tests/durations.json): files are
 * split and ordered by it, so the two processes side by side end together. A
 * file not in it weighs the median. Each run writes what it measured to
 * test-results/durations.json; copy that over the table when a split drifts.
 */
const DURATIONS = join(root, "tests", "durations.json");
const durations: Record<string, number> = existsSync(DURATIONS) ? JSON.parse(readFileSync(DURATIONS, "utf8")) : {};
const typical = Object.values(durations).sort((a, b) => a - b)[Math.floor(Object.keys(durations).length / 2)] ?? 1;
/**
 * The API files take their times on PostgreSQL under a name of their own: a file's share of a pass differs
 * between the two databases (PGlite's start, PostgreSQL's round trips), and each pass is split by its own.
 */
const keyOf = (file: string) => (process.env.TEST_DATABASE_URL && file.startsWith("./tests/api/") ? `${file} on PostgreSQL` : file);
const weightOf = (file: string) => durations[keyOf(file)] ?? typical;
/** What this run measured, by file: written to test-results/durations.json at the end. */
const measured: Record<string, number> = {};
/**
 * Splits files into `n` groups of about the same time (longest first, each to
 * the lightest group so far): the same files always make the same groups,
 * so a seed replays the same order in each.
 */
function splitFiles(files: string[], n: number): string[][] {
  const groups = Array.from({ length: Math.min(n, files.length) }, () => ({ files: [] as string[], seconds: 0 }));
  for (const file of [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lightest.files.push(file);
    lightest.seconds += weightOf(file);
  }
  return groups.map((g) => g.files.sort());
}

/** How many test processes run side by side: a whole number from 1, else the default. */
function workerCount(asked: string | undefined, fallback: number): number {
  const n = Number(asked);
  return asked && Number.isInteger(n) && n >= 1 ? n : fallback;
}

/**
 * Runs `bun test` on each group of files in a process of its own, `workers`
 * at once, groups taken in the order given as processes finish. A group's
 * output is held and printed whole when it ends, so two never interleave.
 */
async function bunTestGroups(label: string, groups: string[][], extra: string[], workers: number, env: Record<string, string> = {}) {
  say(`bun test ${label}: ${groups.length} process${groups.length === 1 ? "" : "es"}, ${Math.min(workers, groups.length)} at a time`);
  const queue = groups.map((files, i) => ({ files, name: groups.length === 1 || files.length === 1 ? files.join(" ") : `${label} part ${i + 1} of ${groups.length}` }));
  const runOne = async (job: (typeof queue)[number]) => {
    const started = performance.now();
    const { code, text, fileSeconds } = await run([bun, "test", ...job.files, ...extra], env, { quiet: true });
    if (job.files.length === 1) measured[keyOf(job.files[0]!)] = Math.round((performance.now() - started) / 100) / 10;
    else for (const { file, seconds } of fileSeconds) measured[keyOf(file)] = seconds;
    say(`${job.name} (${((performance.now() - started) / 1000).toFixed(1)} s)${job.files.length > 1 ? `, replay with the seed: bun test ${job.files.join(" ")}` : ""}:`);
    process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
    const p = lastCount(text, "pass");
    const f = lastCount(text, "fail");
    passed += p ?? 0;
    failed += f ?? 0;
    if (code !== 0) {
      if (!f) failed += 1;
      problems.push(`bun test ${job.name} exited with code ${code}`);
    }
  };
  const next = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await runOne(job);
  };
  await Promise.all(Array.from({ length: Math.min(workers, queue.length) }, next));
}

async function bunTest(dir: string, extra: string[] = []) {
  if (!hasTestFiles(dir)) {
    say(`${dir}: no test files, skipped.`);
    return;
  }
  say(`bun test ${dir}`);
  const { code, text } = await run([bun, "test", `./${dir}`, ...extra]);
  const p = lastCount(text, "pass");
  const f = lastCount(text, "fail");
  passed += p ?? 0;
  failed += f ?? 0;
  if (code !== 0) {
    // A crash or a load error may leave no "N fail" line: still count it.
    if (!f) failed += 1;
    problems.push(`bun test ${dir} exited with code ${code}`);
  }
}

/** Installs Chromium and CJK fonts with apt when missing. Returns false (after recording why) when the browser can't be had. */
async function ensureChromium(): Promise<boolean> {
  const needChromium = !existsSync(CHROMIUM);
  const needFonts = !CJK_FONTS.some((f) => existsSync(f));
  if (!needChromium && !needFonts) return true;

  const packages = [...(needChromium ? ["chromium"] : []), ...(needFonts ? ["fonts-noto-cjk"] : [])];
  if (process.getuid?.() !== 0) {
    if (!needChromium) {
      console.warn(`[test] warning: no CJK font found; Chinese text in screenshots will show as boxes. Install it with: sudo apt-get install fonts-noto-cjk`);
      return true;
    }
    problems.push("Chromium is missing");
    console.error(
      `\n[test] ERROR: ${CHROMIUM} is missing and this is not root, so it can't be installed here.\n` +
        `       Install Debian's Chromium and CJK fonts, then run the tests again:\n` +
        `         sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-noto-cjk\n`,
    );
    return false;
  }

  say(`installing ${packages.join(" ")} with apt-get...`);
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  const upd = Bun.spawnSync(["apt-get", "update"], { stdin: "ignore", stdout: "inherit", stderr: "inherit", env: { ...process.env, ...env } });
  if (upd.exitCode !== 0) {
    problems.push("apt-get update failed");
    console.error(`[test] ERROR: apt-get update failed (exit ${upd.exitCode}).`);
    return false;
  }
  const inst = Bun.spawnSync(["apt-get", "install", "-y", ...packages], {
    stdin: "ignore",
    stdout: "inherit",
    stderr: "inherit",
    env: { ...process.env, ...env },
  });
  if (inst.exitCode !== 0 || !existsSync(CHROMIUM)) {
    problems.push(`apt-get install ${packages.join(" ")} failed`);
    console.error(`[test] ERROR: apt-get install -y ${packages.join(" ")} failed (exit ${inst.exitCode}).`);
    return false;
  }
  return true;
}

async function buildUi(): Promise<boolean> {
  const script = join(root, "scripts", "build.ts");
  if (!existsSync(script)) {
    problems.push("scripts/build.ts is missing");
    console.error(`[test] ERROR: ${relative(root, script)} is missing; the browser tests need the built UI in dist/ui.`);
    return false;
  }
  say("building the UI (bun scripts/build.ts)");
  const { code } = await run([bun, "scripts/build.ts"]);
  if (code !== 0) {
    problems.push(`bun scripts/build.ts exited with code ${code}`);
    return false;
  }
  return true;
}

/** The API folder in API_WORKERS processes side by side, each a fixed share of the files (each makes its own seeded database once). */
async function apiTests() {
  const files = testFiles("tests/api");
  if (!files.length) return say("tests/api: no test files, skipped.");
  const workers = workerCount(process.env.API_WORKERS, DEFAULT_WORKERS);
  // API tests start whole apps on a fresh database; on 2 busy cores that takes more than bun's default 5 s.
  await bunTestGroups("tests/api", splitFiles(files, workers), ["--timeout", String(API_TIMEOUT_MS), `--seed=${seed}`], workers);
}

/**
 * The browser journeys: each file in a process of its own, E2E_WORKERS at
 * once, the longest files first, every server on a copy of one data
 * directory seeded here (tests/helpers/server.ts).
 */
async function browserTests() {
  const files = testFiles("tests/e2e");
  if (!files.length) return say("tests/e2e: no test files, skipped.");
  if (!(await ensureChromium()) || !(await buildUi())) {
    failed += 1;
    return say("browser tests not run.");
  }
  // An earlier run's evidence would be taken for this run's.
  rmSync(FAILURE_EVIDENCE, { recursive: true, force: true });
  const env: Record<string, string> = {};
  if (!process.env.E2E_SEED_EACH_SERVER) {
    say("seeding the data directory the browser tests' servers start from");
    try {
      env.E2E_SEEDED_DATA_DIR = await seededDataDir();
    } catch (error) {
      // Each test process then seeds its own, and a real fault shows in the tests.
      console.error(`[test] warning: the shared seeded data directory could not be made: ${error instanceof Error ? error.message : error}`);
    }
  }
  const workers = workerCount(process.env.E2E_WORKERS, DEFAULT_WORKERS);
  const groups = [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b)).map((file) => [file]);
  await bunTestGroups("tests/e2e", groups, ["--timeout", String(E2E_TIMEOUT_MS)], workers, env);
  if (existsSync(FAILURE_EVIDENCE) && readdirSync(FAILURE_EVIDENCE).length) {
    say(`screenshots and console errors of the failed browser tests: ${relative(root, FAILURE_EVIDENCE)}/`);
  }
}

say(seedLine);
const only = process.argv.slice(2);
if (!only.length || only.includes("unit")) await bunTest("tests/unit", [`--seed=${seed}`]);
if (!only.length || only.includes("api")) await apiTests();
if (!only.length || only.includes("e2e")) await browserTests();

mkdirSync(join(root, "test-results"), { recursive: true });
writeFileSync(join(root, "test-results", "durations.json"), `${JSON.stringify({ ...durations, ...measured }, Object.keys({ ...durations, ...measured }).sort(), 1)}\n`);

say(seedLine);
console.log("");
if (problems.length) {
  console.log(`[test] FAILED: ${problems.join("; ")}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
