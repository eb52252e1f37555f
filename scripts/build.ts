// Builds the browser app into dist/ui: hashed, minified JS and CSS chunks
// (the admin screens load as their own chunks), an index.html made from
// ui/index.html that references them, and a brotli (.br) and a gzip (.gz)
// copy of each text file, which src/http/static-ui.ts serves by
// Accept-Encoding. Source maps go beside the served folder, into
// dist/ui-sourcemaps, for reading a stack trace; they are never served.
//
//   bun scripts/build.ts [OUTDIR]   (also called by scripts/start.ts and the tests)

import { readdir, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const ROOT = join(import.meta.dir, "..");

/** What is worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
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
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    jsx: { runtime: "automatic", importSource: "react" },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("the UI build failed");
  }

  for (const o of result.outputs.filter((o) => o.path.endsWith(".map"))) await rename(o.path, join(maps, basename(o.path)));
  const files = result.outputs.filter((o) => !o.path.endsWith(".map")).map((o) => relative(out, o.path));
  const entry = result.outputs.find((o) => o.kind === "entry-point" && o.path.endsWith(".js"));
  if (!entry) throw new Error("the UI build produced no entry script");
  // CSS imported from the TSX comes out beside the entry; chunks' CSS, if any, is loaded by them.
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
