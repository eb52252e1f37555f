// The running server as an operator meets it: `bun src/main.ts` and `bun scripts/api.ts`.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startServer, type TestServer } from "../helpers/server";

let server: TestServer;
let uiDir: string;
beforeAll(async () => {
  // Its own small UI folder: this file tests serving, not the UI build.
  uiDir = await mkdtemp(join(tmpdir(), "union-portal-ui-"));
  await writeFile(join(uiDir, "index.html"), "<!doctype html><title>portal</title>");
  await writeFile(join(uiDir, "main.abcdef12.js"), "console.log(1)");
  server = await startServer({ env: { UI_DIR: uiDir } });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await rm(uiDir, { recursive: true, force: true });
});

async function cli(args: string[], env: Record<string, string> = { CAPTCHA_FIXED: "ABC123" }) {
  const child = Bun.spawn([process.execPath, "scripts/api.ts", "--url", server.url, ...args], {
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { stdout, stderr, code };
}

describe("scripts/api.ts", () => {
  test("signs in, calls the path and prints the decrypted answer; exit 0 on SUCCESS", async () => {
    const r = await cli(["--as", "cn000001", "--password", "Union2026demo", "/user/reload"]);
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.stdout);
    expect(answer.message).toMatchObject({ id: 0, code: "SUCCESS" });
    expect(answer.user.employees).toBe("cn000001");
  });

  test("passes the JSON payload and exits 1 when the answer is not SUCCESS", async () => {
    const r = await cli(["--as", "cn100001", "--password", "Union2026demo", "/power/status", '{"index":1}']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).message.code).toBe("ERROR_NOT_POWER");
  });

  test("calls without signing in", async () => {
    const r = await cli(["/system/types"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).list.length).toBeGreaterThan(50);
  });

  test("a wrong password is printed and exits 1", async () => {
    const r = await cli(["--as", "cn100001", "--password", "nope", "/user/reload"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).message.code).toBe("ERROR_PASSWORD");
  });

  test("bad arguments are explained", async () => {
    expect((await cli(["user/reload"])).stderr).toContain("PATH must start");
    expect((await cli(["/user/reload", "{not json"])).stderr).toContain("not valid JSON");
    expect((await cli(["--as", "cn100001", "/user/reload"], {})).stderr).toContain("CAPTCHA_FIXED");
  });
});

describe("src/main.ts", () => {
  async function start(env: Record<string, string>) {
    const child = Bun.spawn([process.execPath, "src/main.ts"], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
    const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    return { stderr, code };
  }

  test("refuses to start on a bad setting and names it", async () => {
    const r = await start({ PORT: "eighty" });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("PORT");
  });

  test("refuses a pinned image code in production", async () => {
    const r = await start({ NODE_ENV: "production", CAPTCHA_FIXED: "ABC123" });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("CAPTCHA_FIXED");
  });

  test("a second portal on a port already served refuses to start instead of sharing it", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "union-portal-second-"));
    try {
      const r = await start({ PORT: String(server.port), DATA_DIR: dataDir });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`Cannot listen on port ${server.port}`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  test("a second portal on a data folder in use refuses to start instead of opening it twice", async () => {
    const port = await freePort();
    const r = await start({ PORT: String(port), DATA_DIR: server.dataDir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`The data folder ${server.dataDir} is in use by process ${server.pid}`);
    // The first still serves, its lock intact.
    expect((await fetch(server.url + "/readyz")).status).toBe(200);
    expect(await Bun.file(join(server.dataDir, "portal.lock")).text()).toBe(String(server.pid));
  }, 60_000);

  test("a lock left by a portal killed outright is taken over", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "union-portal-stale-"));
    try {
      const gone = Bun.spawn(["true"]);
      await gone.exited;
      await writeFile(join(dataDir, "portal.lock"), String(gone.pid));
      const next = await startServer({ env: { DATA_DIR: dataDir } });
      expect(await Bun.file(join(dataDir, "portal.lock")).text()).toBe(String(next.pid));
      await next.stop();
      // A clean stop removes it.
      expect(await Bun.file(join(dataDir, "portal.lock")).exists()).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  test("serves the UI's index page for every route of the route table", async () => {
    for (const path of ["/", "/index", "/information?page=security", "/operation/user"]) {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      await res.text();
    }
    const asset = await fetch(server.url + "/main.abcdef12.js");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect(await asset.text()).toBe("console.log(1)");
    expect((await fetch(server.url + "/../../etc/passwd")).headers.get("content-type")).toContain("text/html");
    const missing = await fetch(server.url + "/api/no/such/call", { method: "POST" });
    expect(missing.status).toBe(404);
  });
});
