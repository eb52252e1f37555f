// Issue 10 item 1: `npm run compile` makes one binary that, copied alone to
// an empty folder, starts with nothing else installed: it makes its data
// folder, migrates, seeds and serves the portal; it answers --help and
// --version. One build and one start: the whole file is one journey.
import { afterAll, beforeAll, expect } from "bun:test";
import { copyFile, mkdtemp, readFile, realpath, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { compile } from "../../scripts/compile";
import { version } from "../../package.json";
import { variablesRead } from "../../src/cli";
import { launchBrowser } from "../helpers/browser";
import { md5 } from "../helpers/app";
import { embeddedOutlines, pdfText, sourceOutline } from "../helpers/pdf";
import { nodeBackend } from "../../src/http/crypto-node";
import { ApiClient } from "../../src/protocol/client";
import { signIn as apiSignIn } from "../../src/protocol/signin";
import { type RunningBinary, runBinary, startBinary } from "../helpers/binary";
import { IMAGE_CODE, PASSWORD, SETUP_TIMEOUT_MS, type World, signIn, stopWorld, test, visitor } from "./support";

const ROOT = join(import.meta.dir, "..", "..");
/** Building takes a while on two busy cores: the UI, then the bundle and the executable. */
const BUILD_TIMEOUT_MS = 240_000;

let folder: string;
let binary: string;
let portal: RunningBinary | undefined;
let world: World | undefined;

beforeAll(async () => {
  const built = await compile(join(await mkdtemp(join(tmpdir(), "union-portal-build-")), "union-portal"));
  folder = await mkdtemp(join(tmpdir(), "union-portal-binary-"));
  binary = join(folder, "union-portal");
  await copyFile(built, binary);
  await rm(dirname(built), { recursive: true, force: true });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await stopWorld(world);
  await portal?.stop();
  await rm(folder, { recursive: true, force: true });
});

/** No folder from here to the root holds a node_modules the binary could fall back on. */
async function nodeModulesAbove(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    if (await stat(join(at, "node_modules")).catch(() => null)) found.push(join(at, "node_modules"));
    if (dirname(at) === at) return found;
  }
}

/** Folders of this checkout the binary names (a package's __dirname is baked in as the path it was built from). */
async function checkoutPathsIn(file: string): Promise<string[]> {
  const bytes = Buffer.from(await Bun.file(file).arrayBuffer());
  const folders = [ROOT, await realpath(ROOT), await realpath(join(ROOT, "node_modules"))];
  return [...new Set(folders)].filter((folder) => bytes.includes(folder + "/"));
}

test(
  "the binary, alone in an empty folder with a bare environment, makes its data folder and serves the portal a member signs in to",
  async () => {
    expect(await nodeModulesAbove(folder)).toEqual([]);
    expect(await checkoutPathsIn(binary)).toEqual([]);

    const shown = runBinary(binary, ["--version"]);
    // The commit baked in at build (scripts/compile.ts), not asked of git: the binary's folder is no checkout.
    const head = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { cwd: ROOT }).stdout.toString().trim();
    expect(shown).toMatchObject({ code: 0, stdout: `${version} (commit ${head})\n` });
    const help = runBinary(binary, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("  PORT, HOST = 3000, 0.0.0.0: where to listen");
    expect(help.stdout).toContain("  DATA_DIR = ./data: ");
    // Each variable the server reads has its line (one with no row in the operator's guide would show bare).
    for (const name of variablesRead()) expect(help.stdout).toMatch(new RegExp(`^  (\\S+, )*${name}(,| =)`, "m"));

    // PORT and DATA_DIR, and the image code pinned: scripts/api.ts signs in with it, as a person reads it off the image.
    portal = await startBinary(binary, { DATA_DIR: "data", CAPTCHA_FIXED: IMAGE_CODE });
    const environment = (await readFile(`/proc/${portal.pid}/environ`, "utf8")).split("\0").filter(Boolean);
    expect(environment.map((v) => v.split("=")[0]).sort()).toEqual(["CAPTCHA_FIXED", "DATA_DIR", "PORT"]);
    expect((await stat(join(folder, "data", "pglite"))).isDirectory()).toBe(true);
    const said = portal.output().split("\n").filter(Boolean).map((line) => JSON.parse(line).msg as string);
    expect(said.some((msg) => msg.startsWith("Seeded demo data"))).toBe(true);

    const api = Bun.spawnSync(
      [process.execPath, "scripts/api.ts", "--url", portal.url, "--as", "cn100001", "--password", PASSWORD, "/user/reload"],
      { cwd: ROOT, env: { ...process.env, CAPTCHA_FIXED: IMAGE_CODE } },
    );
    expect(api.stderr.toString()).toBe("");
    expect(api.exitCode).toBe(0);
    expect(JSON.parse(api.stdout.toString()).user.employees).toBe("cn100001");

    // A printable ticket: pdf-lib and the CJK font, embedded in the binary, loaded on this first PDF; each Chinese glyph prints as the font draws it.
    const client = new ApiClient({ baseUrl: portal.url, backend: nodeBackend, appId: "union-portal-cli" });
    expect((await apiSignIn(client, { account: "cn100001", passwordMd5: md5(PASSWORD), captcha: IMAGE_CODE })).message.code).toBe("SUCCESS");
    const orders = (await client.call<{ list: { trade: string; nameEn: string }[] }>("/order/list" as never, { index: 1 } as never)).list;
    const ticket = await client.download("/order/ticket/pdf", { trade: orders!.find((o) => o.nameEn === "Friday film night")!.trade, language: "zh" });
    if ("answer" in ticket) throw new Error(`ticket refused: ${ticket.answer.message.code}`);
    const pdf = new Uint8Array(await ticket.file.arrayBuffer());
    expect((await pdfText(pdf))[0]).toContain("陈会员");
    const outlines = await embeddedOutlines(pdf);
    const source = require.resolve("@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf");
    for (const char of "陈会员周五电影夜") expect(outlines.get(char)).toEqual([await sourceOutline(source, char)]);

    // The built UI from inside the binary, compressed as the browser asks.
    const page = await fetch(`${portal.url}/index`, { headers: { "accept-encoding": "br" } });
    expect(page.headers.get("content-encoding")).toBe("br");
    const html = await page.text();
    expect(html).toContain("<title>");
    // Installing on a phone (docs/decisions.md 99): the worker, the manifests and the icons come from inside the binary too.
    const worker = await fetch(`${portal.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect(await worker.text()).toContain("up-shell-");
    for (const language of ["zh", "en"]) {
      const manifest = await fetch(`${portal.url}/manifest.${language}.webmanifest`);
      expect(manifest.headers.get("content-type")).toStartWith("application/manifest+json");
      for (const icon of ((await manifest.json()) as { icons: { src: string }[] }).icons) {
        const png = await fetch(`${portal.url}${icon.src}`);
        expect(png.headers.get("content-type")).toBe("image/png");
        expect(png.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      }
    }
    const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)![1]!;
    expect((await fetch(`${portal.url}${touch}`)).status).toBe(200);

    world = { server: portal, browser: await launchBrowser() };
    // The binary runs on the real clock, and so does this browser.
    const member = await visitor(world, { serverClock: false });
    // The sign-in page draws its image code with the embedded captcha font; home then loads its banners, news and activities.
    await signIn(member.page, world, "cn100001");
    await member.page.waitForSelector("[data-testid=carousel]");
    await member.close();
  },
  SETUP_TIMEOUT_MS,
);
