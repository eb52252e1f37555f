// npm run bench:first-screen: the bytes a visitor's browser receives for the
// first screen, the sign-in page `/` loaded cold (empty cache) in Chromium.
// Every response counts, headers included, as Chromium's network layer saw it
// (CDP Network.loadingFinished encodedDataLength): the page, its scripts and
// styles, the token handshake, the API calls and the image code.
//
//   bun scripts/bench/first-screen.ts                  this checkout
//   bun scripts/bench/first-screen.ts --before <ref>   <ref> and this checkout, side by side
//
// Each checkout is built with its own scripts/build.ts and served by its own
// src/main.ts (started as the browser tests start it); <ref> is exported with
// `git archive` into a temporary folder that borrows this node_modules.
import { mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../tests/helpers/browser";
import { startServer } from "../../tests/helpers/server";

const ROOT = join(import.meta.dir, "..", "..");

type Transfer = { path: string; kind: string; encoding: string; wire: number; body: number };
type Measure = { label: string; transfers: Transfer[] };

async function run(cmd: string[], cwd: string) {
  const child = Bun.spawn(cmd, { cwd, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`${cmd.join(" ")} failed in ${cwd}:\n${out}${err}`);
}

/** A clean copy of the committed tree at ref, using this checkout's packages. */
async function exportRef(ref: string): Promise<{ root: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), "union-portal-bench-"));
  await run(["sh", "-c", `git archive --format=tar "$0" | tar -x -C "$1"`, ref, root], ROOT);
  await symlink(join(ROOT, "node_modules"), join(root, "node_modules"));
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** Loads `/` in a fresh browser context and records every response of it. */
async function loadFirstScreen(browser: Browser, url: string): Promise<Transfer[]> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const seen = new Map<string, { url: string; kind: string; encoding: string; body: number }>();
  const transfers: Transfer[] = [];
  cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    seen.set(requestId, { url: response.url, kind: type, encoding: headers["content-encoding"] ?? "identity", body: 0 });
  });
  cdp.on("Network.dataReceived", ({ requestId, dataLength }) => {
    const entry = seen.get(requestId);
    if (entry) entry.body += dataLength;
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const entry = seen.get(requestId);
    if (!entry || !entry.url.startsWith("http")) return;
    // The signed query of an API call is not part of its name here.
    const path = new URL(entry.url).pathname;
    transfers.push({ path, kind: entry.kind, encoding: entry.encoding, wire: encodedDataLength, body: entry.body });
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await page.goto(`${url}/`, { waitUntil: "networkidle" });
  // The screen is there when its image code has loaded.
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>("[data-testid=image-code]");
    return !!img && img.complete && img.naturalWidth > 0;
  });
  await page.waitForLoadState("networkidle");
  await context.close();
  return transfers;
}

async function measure(browser: Browser, label: string, root: string): Promise<Measure> {
  await run([process.execPath, "scripts/build.ts"], root);
  const server = await startServer({ root });
  try {
    return { label, transfers: await loadFirstScreen(browser, server.url) };
  } finally {
    await server.stop();
  }
}

// Decimal kilobytes, as the issue counts them (365 KB = 365,000 bytes).
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const sum = (ts: Transfer[], pick: (t: Transfer) => number) => ts.reduce((total, t) => total + pick(t), 0);

function printFiles({ label, transfers }: Measure) {
  console.log(`\n${label}: ${transfers.length} responses`);
  console.log(`  ${"path".padEnd(34)} ${"type".padEnd(11)} ${"encoding".padEnd(9)} ${"wire".padStart(10)} ${"body".padStart(10)}`);
  for (const t of transfers) {
    console.log(`  ${t.path.padEnd(34)} ${t.kind.padEnd(11)} ${t.encoding.padEnd(9)} ${kb(t.wire).padStart(10)} ${kb(t.body).padStart(10)}`);
  }
  console.log(`  ${"total".padEnd(56)} ${kb(sum(transfers, (t) => t.wire)).padStart(10)} ${kb(sum(transfers, (t) => t.body)).padStart(10)}`);
}

/** Bytes on the wire by resource type, one column per checkout. */
function printSideBySide(measures: Measure[]) {
  const kinds = [...new Set(measures.flatMap((m) => m.transfers.map((t) => t.kind)))];
  const width = Math.max(...measures.map((m) => m.label.length)) + 2;
  console.log(`\nbytes on the wire, headers included\n  ${"type".padEnd(12)}${measures.map((m) => m.label.padStart(width)).join("")}`);
  for (const kind of kinds) {
    const cells = measures.map((m) => kb(sum(m.transfers.filter((t) => t.kind === kind), (t) => t.wire)).padStart(width));
    console.log(`  ${kind.padEnd(12)}${cells.join("")}`);
  }
  console.log(`  ${"total".padEnd(12)}${measures.map((m) => kb(sum(m.transfers, (t) => t.wire)).padStart(width)).join("")}`);
}

const beforeFlag = process.argv.indexOf("--before");
const beforeRef = beforeFlag >= 0 ? process.argv[beforeFlag + 1] : undefined;
if (beforeFlag >= 0 && !beforeRef) throw new Error("--before needs a git ref, e.g. --before main");

const browser = await launchBrowser();
const measures: Measure[] = [];
try {
  if (beforeRef) {
    const before = await exportRef(beforeRef);
    try {
      measures.push(await measure(browser, `before (${beforeRef})`, before.root));
    } finally {
      await before.remove();
    }
  }
  measures.push(await measure(browser, beforeRef ? "after (this checkout)" : "this checkout", ROOT));
} finally {
  await browser.close();
}
for (const m of measures) printFiles(m);
printSideBySide(measures);
