#!/usr/bin/env node
// Makes a fresh clone runnable with nothing but Node.js and npm.
//
//   1. Bun (pinned below) is installed from the npm registry into the
//      git-ignored .tools/ folder, unless .tools/node_modules/.bin/bun is
//      already there at that version.
//   2. The project's packages are installed with `bun install --frozen-lockfile`
//      when node_modules/ is missing or bun.lock / package.json is newer than
//      the marker node_modules/.bootstrap-stamp.
//
// Plain Node (>= 18), no dependencies. When everything is in place it only
// stats a few files and exits silently, so `npm start` / `npm test` stay quick.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const BUN_VERSION = "1.4.4";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const toolsDir = join(root, ".tools");
const bunBin = join(toolsDir, "node_modules", ".bin", process.platform === "win32" ? "bun.exe" : "bun");
const bunPkgJson = join(toolsDir, "node_modules", "bun", "package.json");
const lockFile = join(root, "bun.lock");
const pkgFile = join(root, "package.json");
const modulesDir = join(root, "node_modules");
const stampFile = join(modulesDir, ".bootstrap-stamp");

function log(msg) {
  console.log(`[bootstrap] ${msg}`);
}

function fail(msg) {
  console.error(`[bootstrap] ERROR: ${msg}`);
  process.exit(1);
}

function mtimeMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}

function run(cmd, args, what) {
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: "inherit",
    env: process.env,
    // npm is npm.cmd on Windows; harmless elsewhere.
    shell: process.platform === "win32",
  });
  if (res.error) {
    const why = res.error.code === "ENOENT" ? `${cmd} was not found on PATH` : res.error.message;
    fail(`${what}: could not run ${cmd} (${why}).`);
  }
  if (res.status !== 0) {
    const how = res.signal ? `was killed by ${res.signal}` : `exited with code ${res.status}`;
    fail(`${what}: \`${[cmd, ...args].join(" ")}\` ${how}.`);
  }
}

function installedBunVersion() {
  if (!existsSync(bunBin)) return null;
  try {
    return JSON.parse(readFileSync(bunPkgJson, "utf8")).version ?? null;
  } catch {
    return null;
  }
}

// ---- 1. Bun --------------------------------------------------------------

const haveBun = installedBunVersion();
if (haveBun !== BUN_VERSION) {
  log(
    haveBun
      ? `Bun ${haveBun} found in .tools, replacing it with ${BUN_VERSION}...`
      : `Installing Bun ${BUN_VERSION} from the npm registry into .tools/ ...`,
  );
  mkdirSync(toolsDir, { recursive: true });
  // Its own package.json, so npm installs here instead of walking up to the
  // project's package.json (and never touches the project's node_modules).
  writeFileSync(
    join(toolsDir, "package.json"),
    JSON.stringify({ name: "union-portal-tools", private: true, description: "Tools installed by scripts/bootstrap.mjs; git-ignored." }, null, 2) + "\n",
  );
  run(
    "npm",
    ["install", "--prefix", toolsDir, `bun@${BUN_VERSION}`, "--no-audit", "--no-fund", "--save-exact", "--loglevel=error"],
    "installing Bun",
  );
  if (!existsSync(bunBin)) {
    fail(`npm finished but ${relative(root, bunBin)} is missing; the bun package did not install its binary.`);
  }
  const check = spawnSync(bunBin, ["--version"], { encoding: "utf8" });
  if (check.error || check.status !== 0) {
    fail(
      `${relative(root, bunBin)} does not run (${check.error?.message ?? (check.stderr || `exit ${check.status}`).trim()}). ` +
        `Remove .tools/ and try again.`,
    );
  }
  log(`Bun ${check.stdout.trim()} ready.`);
}

// ---- 2. packages ---------------------------------------------------------

if (!existsSync(lockFile)) {
  fail("bun.lock is missing; it is committed with the project and is needed for a reproducible install.");
}

const stamp = mtimeMs(stampFile);
const needInstall =
  !existsSync(modulesDir) || stamp < 0 || mtimeMs(lockFile) > stamp || mtimeMs(pkgFile) > stamp;

if (needInstall) {
  log("Installing packages (bun install --frozen-lockfile)...");
  run(bunBin, ["install", "--frozen-lockfile"], "installing packages");
  mkdirSync(modulesDir, { recursive: true });
  writeFileSync(stampFile, `bun install --frozen-lockfile with Bun ${BUN_VERSION} at ${new Date().toISOString()}\n`);
  log("Packages ready.");
}
