// Builds the browser app into dist/ui: hashed, minified JS and CSS chunks
// (the admin screens load as their own chunks), one hashed, minified
// stylesheet per lazily loaded area (AREA_STYLE_SOURCES, linked by
// ui/lib/area-styles.ts when an area's page first opens), an index.html made
// from ui/index.html that references the entry and the base stylesheet, and
// a brotli (.br) and a gzip (.gz) copy of each text file, which
// src/http/static-ui.ts serves by Accept-Encoding. Source maps go beside the
// served folder, into dist/ui-sourcemaps, for reading a stack trace; they are
// never served. For installing on a phone (docs/decisions.md 99): the icons
// of assets/pwa with hashed names, a web app manifest per language
// (manifest.zh.webmanifest, manifest.en.webmanifest) and the service worker
// /sw.js, made from ui/worker/sw.ts with this build's version and shell list.
//
//   bun scripts/build.ts [OUTDIR]   (also called by scripts/start.ts and the tests)

import { copyFile, readdir, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Area } from "../ui/lib/area-styles";
import core from "../ui/i18n/core";
import install from "../ui/i18n/areas/install";
import { manifestHref } from "../ui/lib/manifest-href";

const ROOT = join(import.meta.dir, "..");

/**
 * Each area's stylesheet, built on its own (never into the base stylesheet
 * that index.html links) and named in the script through __AREA_STYLES__.
 */
export const AREA_STYLE_SOURCES: Readonly<Record<Area, string>> = {
  lists: "ui/components/lists.css",
  ordering: "ui/components/ordering.css",
  centre: "ui/pages/centre/centre.css",
  activity: "ui/pages/activity/activity.css",
  modules: "ui/pages/activity/modules.css",
  market: "ui/pages/market/market.css",
  admin: "ui/pages/admin/admin.css",
  homeEdit: "ui/pages/home/home-edit.css",
  editing: "ui/components/editing.css",
  news: "ui/pages/news/news.css",
  mailbox: "ui/pages/mailbox/mailbox.css",
  editor: "ui/pages/activity/editor/editor.css",
  checkin: "ui/pages/checkin/checkin.css",
  card: "ui/pages/card/card.css",
  joining: "ui/pages/joining/joining.css",
  surveys: "ui/pages/surveys/surveys.css",
};

/** What is worth compressing: text. Images and fonts are compressed already. */
// The scanner's WebAssembly too: ZXing's reader is 1.1 MB, 0.45 MB gzipped.
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest|wasm)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Writes <file>.br and <file>.gz beside every text file of dir, at the highest quality (done once per build). */
export async function precompress(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(names.map(async (name) => {
    const bytes = await readFile(join(dir, name));
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipped(bytes, { level: 9 }),
    ]);
    await Promise.all([writeFile(join(dir, `${name}.br`), br), writeFile(join(dir, `${name}.gz`), gz)]);
  }));
  return names.flatMap((name) => [`${name}.br`, `${name}.gz`]);
}

/** The installed app's icons (made once by scripts/make-icons.ts from the emblem, committed). */
export const ICON_FILES = ["icon-192.png", "icon-512.png", "icon-maskable-512.png", "apple-touch-icon.png"] as const;
type IconFile = (typeof ICON_FILES)[number];

/** Copies the icons into out under names with their content hash (served a year, like every hashed file); answers their addresses. */
async function copyIcons(out: string): Promise<Record<IconFile, string>> {
  const named = {} as Record<IconFile, string>;
  for (const file of ICON_FILES) {
    const source = join(ROOT, "assets", "pwa", file);
    const bytes = await readFile(source);
    const hash = Bun.hash(bytes).toString(36).padStart(8, "0").slice(0, 10);
    const name = file.replace(/\.png$/, `.${hash}.png`);
    await copyFile(source, join(out, name));
    named[file] = `/${name}`;
  }
  return named;
}

/** A custom property of ui/tokens.css, so the manifest's colours are the page's. */
async function token(name: string): Promise<string> {
  const css = await readFile(join(ROOT, "ui", "tokens.css"), "utf8");
  const value = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css)?.[1];
  if (!value) throw new Error(`ui/tokens.css has no --${name} colour for the manifest`);
  return value;
}

export const MANIFEST_LANGUAGES = { zh: "zh-CN", en: "en" } as const;
export const manifestName = (language: keyof typeof MANIFEST_LANGUAGES) => manifestHref(language).slice(1);

/** One web app manifest per language: the same app (one id), named in that language. */
async function writeManifests(out: string, icons: Record<IconFile, string>): Promise<string[]> {
  const [theme, background] = await Promise.all([token("accent"), token("bg")]);
  const names: string[] = [];
  for (const [language, lang] of Object.entries(MANIFEST_LANGUAGES) as [keyof typeof MANIFEST_LANGUAGES, string][]) {
    const manifest = {
      // One id for both: switching the language never makes a second installed app.
      id: "/",
      name: core[language].app.name,
      short_name: install[language].shortName,
      description: install[language].description,
      lang,
      dir: "ltr",
      start_url: "/index",
      scope: "/",
      display: "standalone",
      theme_color: theme,
      background_color: background,
      icons: [
        { src: icons["icon-192.png"], sizes: "192x192", type: "image/png", purpose: "any" },
        { src: icons["icon-512.png"], sizes: "512x512", type: "image/png", purpose: "any" },
        { src: icons["icon-maskable-512.png"], sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    };
    await writeFile(join(out, manifestName(language)), `${JSON.stringify(manifest, null, 2)}\n`);
    names.push(manifestName(language));
  }
  return names;
}

/** The built files a file imports (`from"./x.js"`, `import"./x.js"`) or, with dynamic, loads (`import("./x.js")`). */
function importsOf(source: string, dynamic: boolean): string[] {
  const found = new Set<string>();
  const pattern = dynamic ? /import\(\s*"\.\/([^"]+\.js)"\s*\)/g : /(?:from|import)\s*"\.\/([^"]+\.js)"/g;
  for (const match of source.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

/**
 * What the service worker keeps at its install: index.html, what it names,
 * the scripts the entry loads itself (the sign-in page's windows, the
 * signed-in pages' frame, the type table) with everything they import, the
 * manifests and the icons. The areas' pages are kept as a member opens them.
 */
async function shellOf(out: string, entry: string, styles: string[], extra: string[]): Promise<string[]> {
  const read = (name: string) => readFile(join(out, name), "utf8");
  const shell = new Set<string>();
  const pending = [entry, ...importsOf(await read(entry), true)];
  while (pending.length) {
    const name = pending.pop()!;
    if (shell.has(name)) continue;
    shell.add(name);
    pending.push(...importsOf(await read(name), false));
  }
  return ["/index.html", ...[...shell, ...styles].map((name) => `/${name}`), ...extra];
}

/** Builds ui/worker/sw.ts into out/sw.js, its version a hash of everything it keeps and of every built file's name. */
async function buildWorker(out: string, shell: string[], files: string[]): Promise<void> {
  const hashed = new Bun.CryptoHasher("sha256");
  for (const name of [...files].sort()) hashed.update(name);
  hashed.update(await readFile(join(out, "index.html")));
  for (const language of Object.keys(MANIFEST_LANGUAGES) as (keyof typeof MANIFEST_LANGUAGES)[]) hashed.update(await readFile(join(out, manifestName(language))));
  const version = hashed.digest("hex").slice(0, 16);
  const built = await Bun.build({
    entrypoints: [join(ROOT, "ui", "worker", "sw.ts")],
    outdir: out,
    target: "browser",
    format: "iife",
    minify: true,
    naming: { entry: "sw.[ext]" },
    define: { __SW_VERSION__: JSON.stringify(version), __SW_SHELL__: JSON.stringify(shell) },
  });
  if (!built.success) {
    for (const log of built.logs) console.error(log);
    throw new Error("the service worker's build failed");
  }
}

export async function buildUi(outdir = "dist/ui"): Promise<{ outdir: string; files: string[] }> {
  const out = resolve(ROOT, outdir);
  const maps = `${out}-sourcemaps`;
  // Old hashed files would pile up: start from empty folders.
  await Promise.all([rm(out, { recursive: true, force: true }), rm(maps, { recursive: true, force: true })]);
  await Promise.all([mkdir(out, { recursive: true }), mkdir(maps, { recursive: true })]);

  // The area stylesheets first: the script is built with their hashed names.
  const areas = Object.entries(AREA_STYLE_SOURCES) as [Area, string][];
  const areaBuild = await Bun.build({
    entrypoints: areas.map(([, source]) => join(ROOT, source)),
    outdir: out,
    target: "browser",
    minify: true,
    naming: { entry: "[name].[hash].[ext]", asset: "[name].[hash].[ext]" },
  });
  if (!areaBuild.success) {
    for (const log of areaBuild.logs) console.error(log);
    throw new Error("the area stylesheets' build failed");
  }
  const areaStyles = {} as Record<Area, string>;
  for (const [area, source] of areas) {
    const name = basename(source, ".css");
    const built = areaBuild.outputs.find((o) => basename(o.path).startsWith(`${name}.`) && o.path.endsWith(".css"));
    if (!built) throw new Error(`the build produced no stylesheet for the ${area} area (${source})`);
    areaStyles[area] = `/${relative(out, built.path)}`;
  }

  const result = await Bun.build({
    entrypoints: [join(ROOT, "ui", "main.tsx")],
    outdir: out,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    // External: no sourceMappingURL comment, so no browser asks for a map; they are moved out below.
    sourcemap: "external",
    naming: { entry: "[name].[hash].[ext]", chunk: "chunk.[hash].[ext]", asset: "[name].[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify("production"), __AREA_STYLES__: JSON.stringify(areaStyles) },
    jsx: { runtime: "automatic", importSource: "react" },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("the UI build failed");
  }

  const outputs = [...areaBuild.outputs, ...result.outputs];
  for (const o of outputs.filter((o) => o.path.endsWith(".map"))) await rename(o.path, join(maps, basename(o.path)));
  const files = outputs.filter((o) => !o.path.endsWith(".map")).map((o) => relative(out, o.path));
  const entry = result.outputs.find((o) => o.kind === "entry-point" && o.path.endsWith(".js"));
  if (!entry) throw new Error("the UI build produced no entry script");
  // CSS imported from the TSX comes out beside the entry and is linked by index.html: the base stylesheet.
  // (Bun puts there the CSS that only lazy chunks import as well, so an area's styles are never imported
  // from its TSX: they are the area stylesheets above.)
  const styles = result.outputs.filter((o) => o.path.endsWith(".css") && basename(o.path).startsWith("main."));

  const icons = await copyIcons(out);
  const manifests = await writeManifests(out, icons);
  const template = await readFile(join(ROOT, "ui", "index.html"), "utf8");
  const html = template
    .replace("<!--styles-->", styles.map((s) => `<link rel="stylesheet" href="/${relative(out, s.path)}" />`).join("\n    "))
    // The Chinese manifest first; ui/lib/pwa.ts points the link at the member's language.
    .replace(
      "<!--install-->",
      `<link rel="manifest" href="/${manifestName("zh")}" />\n    <link rel="apple-touch-icon" href="${icons["apple-touch-icon.png"]}" />`,
    )
    .replace("<!--scripts-->", `<script type="module" src="/${relative(out, entry.path)}"></script>`);
  await writeFile(join(out, "index.html"), html);
  const shell = await shellOf(
    out,
    relative(out, entry.path),
    styles.map((s) => relative(out, s.path)),
    Object.values(icons),
  );
  const built = [...files, ...Object.values(icons).map((icon) => icon.slice(1)), ...manifests];
  await buildWorker(out, shell, built);
  const compressed = await precompress(out);
  return { outdir: out, files: [...built, "index.html", "sw.js", ...compressed] };
}

if (import.meta.main) {
  const started = performance.now();
  const { outdir, files } = await buildUi(process.argv[2]);
  console.log(`UI built into ${relative(process.cwd(), outdir) || "."} in ${Math.round(performance.now() - started)} ms:`);
  for (const f of files.filter((f) => !/\.(br|gz)$/.test(f))) console.log(`  ${f}`);
  console.log(`  (each with a .br and a .gz copy; source maps in ${relative(process.cwd(), `${outdir}-sourcemaps`)})`);
}
