// The sign-in page's first screen as the real build serves it (scripts/build.ts,
// src/http/static-ui.ts): its entry script carries the core texts and none of
// the areas', and the type table comes from a hashed chunk of the build, kept
// a year by the browser, holding the rows /system/types answers. Sizes are the
// bench's business (npm run bench:first-screen), not this file's.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { buildUi } from "../../scripts/build";
import { RESULT_NAMES } from "../../src/protocol/result-names";
import { TYPES } from "../../src/protocol/types";
import core from "../../ui/i18n/core";
import { type TestApp, startTestApp } from "../helpers/app";
import { allTexts } from "../helpers/texts";

const CHROMIUM = "gzip, deflate, br, zstd";

let app: TestApp;
let parent: string;
let uiDir: string;
let entry: string;
beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), "union-portal-first-screen-"));
  uiDir = join(parent, "ui");
  await buildUi(uiDir);
  entry = /<script type="module" src="\/([^"]+)"/.exec(await readFile(join(uiDir, "index.html"), "utf8"))![1]!;
  app = await startTestApp({ UI_DIR: uiDir });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await rm(parent, { recursive: true, force: true });
});

/** A built file as Chromium receives it, decoded, with its headers. */
async function served(name: string) {
  const res = await app.fetch(`/${name}`, { headers: { "accept-encoding": CHROMIUM } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-encoding")).toBe("br");
  return { headers: res.headers, text: brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString() };
}

/** Every text of a dictionary (sub)tree. */
const leaves = (node: unknown): string[] =>
  typeof node === "string" ? [node] : Object.values(node as Record<string, unknown>).flatMap(leaves);

describe("the sign-in page's entry script", () => {
  test("holds the core texts in both languages, and no area's", async () => {
    const { text } = await served(entry);
    for (const language of ["zh", "en"] as const) {
      expect(text).toContain(JSON.stringify(core[language].login.heading));
      expect(text).toContain(JSON.stringify(core[language].result.ERROR_RANDOM));
      // The core's texts, and the result codes' names the protocol's client carries.
      const coreTexts = new Set([...leaves(core[language]), ...Object.values(RESULT_NAMES).flat()]);
      // Every area's, those their own chunks add included.
      const dictionary = allTexts(language);
      // An area's own texts (long enough to be nobody else's): none is in the entry as a string of its own.
      const areaTexts = Object.keys(dictionary)
        .filter((key) => !(key in core[language]))
        .flatMap((area) => leaves(dictionary[area]))
        .filter((s) => s.length >= 12 && !coreTexts.has(s) && !/[{}"\\]/.test(s));
      expect(areaTexts.length).toBeGreaterThan(200);
      expect(areaTexts.filter((s) => text.includes(JSON.stringify(s)))).toEqual([]);
    }
  });

  test("does not hold the type table, and loads it from a hashed chunk of its own", async () => {
    const { text } = await served(entry);
    const names = (await readdir(uiDir)).filter((n) => n.endsWith(".js"));
    const holders: string[] = [];
    for (const name of names) if ((await readFile(join(uiDir, name), "utf8")).includes('"Left the company"')) holders.push(name);
    expect(holders).toHaveLength(1);
    const chunk = holders[0]!;
    expect(chunk).not.toBe(entry);
    expect(chunk).toMatch(/^chunk\.[0-9a-z]{8,}\.js$/);
    expect(text).toContain(`./${chunk}`);
  });
});

describe("the type table", () => {
  test("its chunk is kept a year, compressed, and holds the rows /system/types still answers", async () => {
    const names = (await readdir(uiDir)).filter((n) => n.endsWith(".js"));
    let chunk = "";
    for (const name of names) if ((await readFile(join(uiDir, name), "utf8")).includes('"Left the company"')) chunk = name;
    const { headers, text } = await served(chunk);
    expect(headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(headers.get("content-type")).toStartWith("text/javascript");

    const answer = await app.client().call<{ list: typeof TYPES }>("/system/types");
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.list).toEqual(JSON.parse(JSON.stringify(TYPES)));
    // The rows written out one by one in src/protocol/types.ts are in the chunk as written
    // (the result codes' and operations' rows are made from their own tables, in the entry or with them).
    const written = answer.list!.filter((row) => row.group !== "RESULT" && row.group !== "OPERATION_TYPE");
    expect(written.length).toBeGreaterThan(50);
    for (const row of written) {
      expect(text).toContain(JSON.stringify(row.code));
      expect(text).toContain(JSON.stringify(row.nameEn));
    }
  });
});
