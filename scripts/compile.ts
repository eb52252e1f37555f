// Makes dist/union-portal: the whole portal as one Linux x64 executable
// (`bun build --compile`), which needs no Bun, Node or node_modules beside it.
//
//   bun scripts/compile.ts [OUTFILE]   (normally through `npm run compile`)
//
// Embedded: the server and every package it imports; the built UI (built here
// first by scripts/build.ts, with its .br and .gz copies, into a folder of its
// own: dist/ui may be served meanwhile, as by the browser tests, and a build
// there deletes its files under the server) as "ui"; the
// migrations as "sql" (src/files.ts says where the server then looks); a
// blank data folder (initdb's output) as "pgdata", so a first start runs no
// initdb (decision 87); and
// every file the server imports `with { type: "file" }`: PGlite's wasm and
// data files, the region data, the demo video. The captcha font is embedded
// through the one patch below.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import type { BunPlugin } from "bun";
import { makeBlankDataDir } from "../src/db/client";
import { buildUi } from "./build";

const ROOT = join(import.meta.dir, "..");

/**
 * svg-captcha reads its font at import from `__dirname`, a real folder
 * only outside a binary (inside one the import fails with ENOENT). This
 * requires the font instead, which the bundler embeds and answers with its
 * path. The exact text is checked, so a new svg-captcha that reads its font
 * another way stops the build instead of making a binary that cannot start.
 */
const CAPTCHA_FONT_READ = "path.join(__dirname, '../fonts/Comismsh.ttf')";
const captchaFont: BunPlugin = {
  name: "svg-captcha font",
  setup(build) {
    build.onLoad({ filter: /svg-captcha[\\/]lib[\\/]option-manager\.js$/ }, async ({ path }) => {
      const source = await readFile(path, "utf8");
      if (!source.includes(CAPTCHA_FONT_READ)) throw new Error(`${path} no longer reads its font as ${CAPTCHA_FONT_READ}: see scripts/compile.ts`);
      return { contents: source.replace(CAPTCHA_FONT_READ, "require('../fonts/Comismsh.ttf')"), loader: "js" };
    });
  },
};

export async function compile(outfile = "dist/union-portal"): Promise<string> {
  const out = resolve(ROOT, outfile);
  const staging = await mkdtemp(join(tmpdir(), "union-portal-compile-"));
  try {
    // The folder's name is the name it is embedded under.
    const { outdir: ui } = await buildUi(join(staging, "ui"));
    await makeBlankDataDir(join(ROOT, "dist/pgdata/blank.tar.gz"));
    await bundle(out, ui);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  // The binary carries its source map (stack traces name src/ lines); the copy Bun writes beside it is not needed.
  await rm(`${out}.map`, { force: true });
  return out;
}

function builtCommit(): string {
  const git = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  if (!git.success) throw new Error(`git rev-parse HEAD failed: the binary must name the commit it is built from (${git.stderr.toString().trim()})`);
  return git.stdout.toString().trim();
}

async function bundle(out: string, ui: string) {
  const result = await Bun.build({
    entrypoints: [join(ROOT, "src/main.ts")],
    compile: {
      target: "bun-linux-x64",
      outfile: out,
      // The working folder's bunfig.toml is the project's test settings, never the server's.
      autoloadBunfig: false,
      assets: [join(ROOT, "sql"), ui, join(ROOT, "dist/pgdata")],
    },
    minify: true,
    sourcemap: "linked",
    // The commit this binary is built from, for --version and /readyz (src/release.ts).
    define: { BUILD_COMMIT: JSON.stringify(builtCommit()) },
    loader: { ".ttf": "file" },
    plugins: [captchaFont],
  });
  if (!result.success) throw new AggregateError(result.logs, "bun build --compile failed");
}

if (import.meta.main) {
  const started = performance.now();
  const out = await compile(process.argv[2]);
  const size = Bun.file(out).size;
  console.log(`${relative(process.cwd(), out)}: ${(size / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
