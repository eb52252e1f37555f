// The built UI as the server sends it (src/http/static-ui.ts): the smallest
// encoding the browser accepts, the right headers, and nothing but the built
// files themselves.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompress } from "../../scripts/build";
import { acceptedCodings } from "../../src/http/static-ui";
import { type TestApp, startTestApp } from "../helpers/app";

const SCRIPT = `console.log(${JSON.stringify("工会会员 union member ".repeat(200))});\n`;
const STYLES = `.card { padding: 12px; }\n`.repeat(100);
const INDEX = `<!doctype html><title>portal</title><script type="module" src="/main.abcdef12.js"></script>${" ".repeat(600)}`;
const CHROMIUM = "gzip, deflate, br, zstd";

let app: TestApp;
let uiDir: string;
beforeAll(async () => {
  // A folder laid out as scripts/build.ts leaves it, source maps beside it.
  const parent = await mkdtemp(join(tmpdir(), "union-portal-static-"));
  uiDir = join(parent, "ui");
  await mkdir(uiDir);
  await mkdir(`${uiDir}-sourcemaps`);
  await writeFile(join(uiDir, "index.html"), INDEX);
  await writeFile(join(uiDir, "main.abcdef12.js"), SCRIPT);
  await writeFile(join(uiDir, "main.abcdef12.css"), STYLES);
  await writeFile(`${uiDir}-sourcemaps/main.abcdef12.js.map`, '{"version":3,"sources":["ui/main.tsx"]}');
  await writeFile(`${uiDir}-sourcemaps/readme.txt`, "these maps' sources are ui/main.tsx and its imports");
  // A map left in the served folder by an older build must not be served either.
  await writeFile(join(uiDir, "chunk.abcdef12.js.map"), '{"version":3}');
  await precompress(uiDir);
  app = await startTestApp({ UI_DIR: uiDir });
});
afterAll(async () => {
  await app?.close();
  await rm(join(uiDir, ".."), { recursive: true, force: true });
});

const get = (path: string, acceptEncoding?: string) =>
  app.fetch(path, { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
  const coding = res.headers.get("content-encoding");
  if (coding === "br") return brotliDecompressSync(bytes).toString();
  if (coding === "gzip") return gunzipSync(bytes).toString();
  expect(coding).toBeNull();
  return bytes.toString();
}

describe("the encoding follows Accept-Encoding: brotli, then gzip, then none", () => {
  const cases = [
    { accept: CHROMIUM, expected: "br" },
    { accept: "br", expected: "br" },
    { accept: "*", expected: "br" },
    { accept: "gzip;q=1.0, br;q=0.5", expected: "br" },
    { accept: "gzip, deflate", expected: "gzip" },
    { accept: "br;q=0, gzip", expected: "gzip" },
    { accept: "*;q=0.1, br;q=0", expected: "gzip" },
    { accept: "x-gzip", expected: "gzip" },
    { accept: "identity", expected: null },
    { accept: "br;q=0, gzip;q=0", expected: null },
    { accept: "*;q=0, identity", expected: null },
    { accept: "", expected: null },
    { accept: undefined, expected: null },
  ];
  for (const { accept, expected } of cases) {
    test(`Accept-Encoding ${accept === undefined ? "absent" : JSON.stringify(accept)} is answered ${expected ?? "uncompressed"}`, async () => {
      const res = await get("/main.abcdef12.js", accept);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(expected);
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(res.headers.get("content-type")).toBe("text/javascript;charset=utf-8");
      expect(await decoded(res)).toBe(SCRIPT);
    });
  }

  test("compressed copies are much smaller than the file", async () => {
    const plain = (await (await get("/main.abcdef12.js")).arrayBuffer()).byteLength;
    const br = (await (await get("/main.abcdef12.js", "br")).arrayBuffer()).byteLength;
    const gz = (await (await get("/main.abcdef12.js", "gzip")).arrayBuffer()).byteLength;
    expect(br).toBeLessThan(gz);
    expect(gz).toBeLessThan(plain / 5);
  });

  test("styles are sent compressed with their own type", async () => {
    const res = await get("/main.abcdef12.css", CHROMIUM);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toBe("text/css;charset=utf-8");
    expect(await decoded(res)).toBe(STYLES);
  });

  test("a q-value that is not a number refuses that coding", () => {
    expect([...acceptedCodings("br;q=abc, gzip")]).toEqual(["gzip"]);
  });
});

describe("caching", () => {
  test("hashed files are kept a year, unchanged", async () => {
    for (const path of ["/main.abcdef12.js", "/main.abcdef12.css"]) {
      expect((await get(path, CHROMIUM)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });

  test("index.html is the page of every route, compressed and checked with the server each time", async () => {
    for (const path of ["/", "/index", "/information?page=security", "/operation/user"]) {
      for (const accept of [CHROMIUM, "gzip", "identity"]) {
        const res = await get(path, accept);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("text/html;charset=utf-8");
        expect(res.headers.get("cache-control")).toBe("no-cache");
        expect(res.headers.get("vary")).toBe("Accept-Encoding");
        expect(res.headers.get("x-frame-options")).toBe("DENY");
        expect(await decoded(res)).toBe(INDEX);
      }
    }
  });
});

describe("only the built files are served", () => {
  test("no source map is reachable, in the folder or beside it", async () => {
    const inside = await get("/chunk.abcdef12.js.map");
    expect(inside.status).toBe(404);
    expect(await inside.text()).not.toContain("version");
    // The folder beside shares the served folder's name as a prefix: no file of it is reachable.
    for (const name of ["main.abcdef12.js.map", "readme.txt"]) {
      const escaped = await get(`/..%2F${basename(uiDir)}-sourcemaps%2F${name}`);
      expect(await escaped.text()).not.toContain("sources");
    }
  });

  test("the compressed copies are never named directly", async () => {
    for (const path of ["/main.abcdef12.js.br", "/main.abcdef12.js.gz", "/index.html.br"]) expect((await get(path)).status).toBe(404);
  });

  test("a path out of the folder gets the app's page or 404, never the file", async () => {
    for (const path of ["/..%2F..%2F..%2Fetc%2Fpasswd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd"]) {
      const res = await get(path);
      expect(res.headers.get("content-type")).toBe("text/html;charset=utf-8");
      expect(await decoded(res)).toBe(INDEX);
    }
    // A backslash is part of a file name here, not a separator: a name with a dot that is not there.
    expect((await get("/..%5C..%5Cetc%5Cpasswd")).status).toBe(404);
    expect((await get("/%E0%A4%A")).status).toBe(404);
  });

  test("a file that is not there is 404, not the app's page", async () => {
    expect((await get("/chunk.0ld0ld00.js")).status).toBe(404);
  });

  test("/api/ paths are never the UI", async () => {
    expect((await get("/api/no/such/call")).status).toBe(404);
    expect((await app.fetch("/api/no/such/call", { method: "POST" })).status).toBe(404);
  });
});

describe("behind TLS (issue 31)", () => {
  test("an https PUBLIC_URL makes every page and file carry Strict-Transport-Security; without it none does", async () => {
    const tls = await startTestApp({ UI_DIR: uiDir, PUBLIC_URL: "https://union.example.com" });
    try {
      for (const path of ["/index", "/main.abcdef12.js"]) {
        const res = await tls.app.handle(new Request(`http://localhost${path}`, { headers: { "accept-encoding": CHROMIUM } }));
        expect({ path, hsts: res.headers.get("strict-transport-security") }).toEqual({ path, hsts: "max-age=31536000" });
      }
    } finally {
      await tls.close();
    }
    const plain = await app.app.handle(new Request("http://localhost/index"));
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(plain.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});
