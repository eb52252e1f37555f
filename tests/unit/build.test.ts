// The UI build (scripts/build.ts): what the first screen loads, what is
// compressed, and where the source maps go.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { AREA_STYLE_SOURCES, buildUi } from "../../scripts/build";

/** An error message of the `qrcode` package, kept by minification and found nowhere else. */
const QR_LIBRARY_MARKER = "too big to be stored in a QR Code";

let out: string;
// A whole UI build (with its area stylesheets and compression) takes seconds on a busy machine: more than bun's 5 s default.
beforeAll(async () => {
  ({ outdir: out } = await buildUi(join(tmpdir(), `union-portal-build-${process.pid}`, "ui")));
}, 60_000);
afterAll(async () => {
  await rm(join(out, ".."), { recursive: true, force: true });
});

const read = (name: string) => readFile(join(out, name), "utf8");

/** The files index.html names, and every chunk they import statically: what the first screen must load. */
async function firstScreenFiles(): Promise<string[]> {
  const html = await read("index.html");
  const pending = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const found = new Set<string>();
  while (pending.length) {
    const name = pending.pop()!;
    if (found.has(name)) continue;
    found.add(name);
    if (!name.endsWith(".js")) continue;
    // `import{a}from"./chunk.x.js"` and `import"./chunk.x.js"` are static; `import("./chunk.x.js")` loads later.
    for (const m of (await read(name)).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) pending.push(m[1]!);
  }
  return [...found];
}

describe("the first screen", () => {
  test("loads its entry script and styles, and not the QR library, which comes with the payment window", async () => {
    const first = await firstScreenFiles();
    expect(first.some((name) => /^main\.[0-9a-z]+\.js$/.test(name))).toBe(true);
    expect(first.some((name) => name.endsWith(".css"))).toBe(true);
    const withQr: string[] = [];
    for (const name of (await readdir(out)).filter((n) => n.endsWith(".js"))) {
      if ((await read(name)).includes(QR_LIBRARY_MARKER)) withQr.push(name);
    }
    // Named, not dumped: a failure lists the files, not 300 KB of script.
    expect(withQr.filter((name) => first.includes(name))).toEqual([]);
    expect(withQr.length).toBe(1);
  });
});

/** The selectors of a built (minified) stylesheet, each alone, as they are written; at-rules and keyframe steps left out. */
function selectorsOf(css: string): string[] {
  return [...css.replace(/@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, "").matchAll(/([^{};]+)\{/g)]
    .map((m) => m[1]!.trim())
    .filter((prelude) => !prelude.startsWith("@"))
    .flatMap((prelude) => prelude.split(/,(?![^(]*\))/).map((s) => s.trim()));
}

describe("area stylesheets", () => {
  const areas = Object.entries(AREA_STYLE_SOURCES);

  test("each area's stylesheet is built, hashed, named in a script and not linked by the first screen", async () => {
    const built = (await readdir(out)).filter((name) => name.endsWith(".css"));
    // The signed-in pages' chunk links them (ui/lib/area-styles.ts), not the sign-in page's entry.
    const script = (await Promise.all((await readdir(out)).filter((name) => name.endsWith(".js")).map(read))).join("\n");
    for (const [area, source] of areas) {
      const name = source.split("/").pop()!.replace(/\.css$/, "");
      const files = built.filter((file) => new RegExp(`^${name}\\.[0-9a-z]{8,}\\.css$`).test(file));
      expect({ area, files: files.length }).toEqual({ area, files: 1 });
      // The script links it by the name this build gave it.
      expect(script).toContain(`"/${files[0]}"`);
      expect(await firstScreenFiles()).not.toContain(files[0]);
    }
    // Nothing else: the base stylesheet and the areas' (Bun writes no stylesheet that nothing would link).
    expect(built.filter((file) => !/^main\./.test(file)).length).toBe(areas.length);
  });

  test("a rule lives in one stylesheet: the base has none of an area's, and the areas have theirs", async () => {
    const built = (await readdir(out)).filter((name) => name.endsWith(".css"));
    const sheets = new Map<string, string[]>();
    for (const file of built) sheets.set(file, selectorsOf(await read(file)));
    const owners = new Map<string, string[]>();
    for (const [file, selectors] of sheets) for (const selector of new Set(selectors)) owners.set(selector, [...(owners.get(selector) ?? []), file]);
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);

    const sheet = (prefix: string) => sheets.get(built.find((file) => file.startsWith(`${prefix}.`))!)!;
    expect(sheet("lists")).toEqual(expect.arrayContaining([".pager", ".card-list", ".list-card", ".filter-bar", ".table"]));
    expect(sheet("centre")).toEqual(expect.arrayContaining([".centre", ".centre-menu", ".security-item", ".summary-value"]));
    expect(sheet("admin")).toEqual(expect.arrayContaining([".outbox-intro", ".outbox-channel"]));
    // The first screen's and the shared ones stay in the base.
    expect(sheet("main")).toEqual(expect.arrayContaining([":root", ".login-card", ".dialog", ".date-panel", ".summary-strip", ".dues-window"]));
  });
});

describe("compression", () => {
  test("every script, style and the page has a brotli and a gzip copy with the same content", async () => {
    const names = (await readdir(out)).filter((name) => /\.(js|css|html)$/.test(name));
    expect(names).toContain("index.html");
    for (const name of names) {
      const plain = await readFile(join(out, name));
      const br = await readFile(join(out, `${name}.br`));
      const gz = await readFile(join(out, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(plain)).toBe(true);
      expect(gunzipSync(gz).equals(plain)).toBe(true);
      // Brotli at its highest quality beats gzip -9 on anything worth sending.
      if (plain.length > 4096) expect(br.length).toBeLessThan(gz.length);
    }
  });
});

describe("source maps", () => {
  test("are written beside the served folder, and no served script points to one", async () => {
    const served = await readdir(out);
    expect(served.filter((name) => name.includes(".map"))).toEqual([]);
    for (const name of served.filter((n) => n.endsWith(".js"))) expect(await read(name)).not.toContain("sourceMappingURL");
    const maps = await readdir(`${out}-sourcemaps`);
    expect(maps.some((name) => /^main\.[0-9a-z]+\.js\.map$/.test(name))).toBe(true);
  });
});
