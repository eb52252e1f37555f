// Builds the browser app into dist/ui: hashed, minified JS and CSS chunks
// (the admin screens load as their own chunks) and an index.html made from
// ui/index.html that references them.
//
//   bun scripts/build.ts            (also called by scripts/start.ts and the tests)

import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename, join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..");

export async function buildUi(outdir = "dist/ui"): Promise<{ outdir: string; files: string[] }> {
  const out = join(ROOT, outdir);
  // Old hashed files would pile up: start from an empty folder.
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });

  const result = await Bun.build({
    entrypoints: [join(ROOT, "ui", "main.tsx")],
    outdir: out,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    sourcemap: "linked",
    naming: { entry: "[name].[hash].[ext]", chunk: "chunk.[hash].[ext]", asset: "[name].[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    jsx: { runtime: "automatic", importSource: "react" },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("the UI build failed");
  }

  const files = result.outputs.map((o) => relative(out, o.path));
  const entry = result.outputs.find((o) => o.kind === "entry-point" && o.path.endsWith(".js"));
  if (!entry) throw new Error("the UI build produced no entry script");
  // CSS imported from the TSX comes out beside the entry; chunks' CSS, if any, is loaded by them.
  const styles = result.outputs.filter((o) => o.path.endsWith(".css") && basename(o.path).startsWith("main."));

  const template = await readFile(join(ROOT, "ui", "index.html"), "utf8");
  const html = template
    .replace("<!--styles-->", styles.map((s) => `<link rel="stylesheet" href="/${relative(out, s.path)}" />`).join("\n    "))
    .replace("<!--scripts-->", `<script type="module" src="/${relative(out, entry.path)}"></script>`);
  await writeFile(join(out, "index.html"), html);
  return { outdir: out, files: [...files, "index.html"] };
}

if (import.meta.main) {
  const started = performance.now();
  const { outdir, files } = await buildUi(process.argv[2]);
  console.log(`UI built into ${relative(process.cwd(), outdir) || "."} in ${Math.round(performance.now() - started)} ms:`);
  for (const f of files.filter((f) => !f.endsWith(".map"))) console.log(`  ${f}`);
}
