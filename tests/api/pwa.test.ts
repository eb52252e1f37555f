// Installing on a phone as the real build serves it (scripts/build.ts,
// src/http/static-ui.ts; docs/decisions.md 99): a manifest per language with
// the page's colours, icons served as PNGs of their sizes and kept a year,
// the worker script served no-cache from the root (so no
// Service-Worker-Allowed), and a shell that holds nothing of the API.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUi } from "../../scripts/build";
import core from "../../ui/i18n/core";
import install from "../../ui/i18n/areas/install";
import { type TestApp, startTestApp } from "../helpers/app";

let app: TestApp;
let parent: string;
let uiDir: string;
let indexHtml: string;
beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), "union-portal-pwa-"));
  uiDir = join(parent, "ui");
  await buildUi(uiDir);
  indexHtml = await readFile(join(uiDir, "index.html"), "utf8");
  app = await startTestApp({ UI_DIR: uiDir });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await rm(parent, { recursive: true, force: true });
});

const IMMUTABLE = "public, max-age=31536000, immutable";

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Uint8Array): string {
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return `${view.getUint32(16)}x${view.getUint32(20)}`;
}

type Manifest = {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

async function manifestOf(language: "zh" | "en"): Promise<{ res: Response; manifest: Manifest }> {
  const res = await app.fetch(`/manifest.${language}.webmanifest`);
  expect(res.status).toBe(200);
  return { res, manifest: (await res.json()) as Manifest };
}

describe("the web app manifests", () => {
  test("each language names the app in it, with the page's colours, standalone over the whole portal", async () => {
    const tokens = await readFile(join(import.meta.dir, "../../ui/tokens.css"), "utf8");
    const colour = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]+);`, "i").exec(tokens)![1];
    for (const [language, lang] of [["zh", "zh-CN"], ["en", "en"]] as const) {
      const { res, manifest } = await manifestOf(language);
      expect(res.headers.get("content-type")).toStartWith("application/manifest+json");
      // A stable address, asked again each time: a new build's icons reach installed apps.
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(manifest).toMatchObject({
        id: "/",
        name: core[language].app.name,
        short_name: install[language].shortName,
        description: install[language].description,
        lang,
        start_url: "/index",
        scope: "/",
        display: "standalone",
        theme_color: colour("accent"),
        background_color: colour("bg"),
      });
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    }
    // The two are one app: only the names differ.
    const [zh, en] = [(await manifestOf("zh")).manifest, (await manifestOf("en")).manifest];
    expect(en.icons).toEqual(zh.icons);
    expect(en.name).not.toBe(zh.name);
  });

  test("the icons are served as PNGs of their declared sizes, kept a year under hashed names", async () => {
    const { manifest } = await manifestOf("zh");
    for (const icon of manifest.icons) {
      expect(icon.src).toMatch(/^\/[\w-]+\.[0-9a-z]{8,}\.png$/);
      const res = await app.fetch(icon.src, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
      // Compressed already: sent as they are.
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toBe(icon.sizes);
    }
  });

  test("index.html links the Chinese manifest and a 180 px apple-touch-icon", async () => {
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.zh.webmanifest" />');
    const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(indexHtml)![1]!;
    const res = await app.fetch(touch);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toBe("180x180");
  });

  test("an icon that is not there is 404, not the app's page", async () => {
    const res = await app.fetch("/icon-192.00000000zz.png");
    expect(res.status).toBe(404);
  });
});

describe("the service worker script", () => {
  const shellOf = (source: string) => JSON.parse(/addAll\((\[[^\]]*\])/.exec(source)![1]!) as string[];

  test("is served from the root, no-cache, as a script, with no Service-Worker-Allowed", async () => {
    const res = await app.fetch("/sw.js", { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/javascript");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("service-worker-allowed")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("keeps index.html, what it names and the icons, every one served; nothing of the API, the payment pages or the manifests", async () => {
    const source = await readFile(join(uiDir, "sw.js"), "utf8");
    const shell = shellOf(source);
    expect(shell[0]).toBe("/index.html");
    for (const named of indexHtml.matchAll(/(?:href|src)="(\/[^"]+)"/g)) {
      if (!named[1]!.endsWith(".webmanifest")) expect(shell).toContain(named[1]!);
    }
    for (const url of shell) {
      expect(url).not.toMatch(/^\/(api|pay)\//);
      expect(url).not.toContain(".webmanifest");
      const res = await app.fetch(url);
      expect(res.status).toBe(200);
      // Only index.html is not a hashed file; it is the worker's offline page, taken past the HTTP cache at install.
      if (url !== "/index.html") expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
    }
    // The worker never writes anything but its own build's cache, and names no API path.
    expect(source).not.toContain("/api/");
    expect(source).toContain("up-shell-");
  });

  test("the same sources make the same worker byte for byte (no needless update), its cache named by a version of the build", async () => {
    const other = join(parent, "ui-again");
    const before = await readFile(join(uiDir, "sw.js"), "utf8");
    await buildUi(other);
    expect(await readFile(join(other, "sw.js"), "utf8")).toBe(before);
    const version = (source: string) => /up-shell-/.test(source) && /`\$\{\w+\}([0-9a-f]{16})`/.exec(source)?.[1];
    expect(version(before)).toMatch(/^[0-9a-f]{16}$/);
  }, 120_000);
});

describe("the API is never kept", () => {
  test("an API answer says no-store, so neither the worker nor a proxy keeps it", async () => {
    const res = await app.fetch("/api/system/token?app_id=union-portal-web&public_key=x");
    expect(res.headers.get("cache-control") ?? "").toContain("no-store");
  });
});
