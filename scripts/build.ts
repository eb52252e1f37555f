// Builds the browser app into dist/ui: hashed, minified JS and CSS chunks
// (the admin screens load as their own chunks), one hashed, minified
// stylesheet per lazily loaded area (AREA_STYLE_SOURCES, linked by
// ui/lib/area-styles.ts when an area's page first opens), an index.html made
// from ui/index.html that references the entry and the base stylesheet, and
// a brotli (.br) and a gzip (.gz) copy of each text file, which
// src/http/static-ui.ts serves by Accept-Encoding. Source maps go beside the
// served folder, into dist/ui-sourcemaps, for reading a stack trace; they are
// never served.
//
//   bun scripts/build.ts [OUTDIR]   (also called by scripts/start.ts and the tests)

import { readdir, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Area } from "../ui/lib/area-styles";

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
};

/** What is worth compressing: text. Images and fonts are compressed already. */
// The scanner's WebAssembly too: ZXing's reader is 1.1 MB, 0.45 MB gzipped.
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|wasm)$/;
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

  const template = await readFile(join(ROOT, "ui", "index.html"), "utf8");
  const html = template
    .replace("<!--styles-->", styles.map((s) => `<link rel="stylesheet" href="/${relative(out, s.path)}" />`).join("\n    "))
    .replace("<!--scripts-->", `<script type="module" src="/${relative(out, entry.path)}"></script>`);
  await writeFile(join(out, "index.html"), html);
  const compressed = await precompress(out);
  return { outdir: out, files: [...files, "index.html", ...compressed] };
}

if (import.meta.main) {
  const started = performance.now();
  const { outdir, files } = await buildUi(process.argv[2]);
  console.log(`UI built into ${relative(process.cwd(), outdir) || "."} in ${Math.round(performance.now() - started)} ms:`);
  for (const f of files.filter((f) => !/\.(br|gz)$/.test(f))) console.log(`  ${f}`);
  console.log(`  (each with a .br and a .gz copy; source maps in ${relative(process.cwd(), `${outdir}-sourcemaps`)})`);
}
