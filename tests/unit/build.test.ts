// The UI build (scripts/build.ts): what the first screen loads, what is
// compressed, and where the source maps go.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { buildUi } from "../../scripts/build";

/** An error message of the `qrcode` package, kept by minification and found nowhere else. */
const QR_LIBRARY_MARKER = "too big to be stored in a QR Code";

let out: string;
beforeAll(async () => {
  ({ outdir: out } = await buildUi(join(tmpdir(), `union-portal-build-${process.pid}`, "ui")));
});
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
