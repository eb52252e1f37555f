// The running server as an operator meets it: `bun src/main.ts` and `bun scripts/api.ts`.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { existsSync } from "node:fs";
import { version } from "../../package.json";
import { type Answer, signedIn } from "../helpers/remote";
import { copySeededDataDir, freePort, startServer, type TestServer } from "../helpers/server";
import { until } from "../helpers/wait";

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
  function spawnMain(env: Record<string, string>, args: string[] = []) {
    const child = Bun.spawn([process.execPath, "src/main.ts", ...args], { env: { ...process.env, DATABASE_URL: "", ...env }, stdout: "pipe", stderr: "pipe" });
    const done = Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]).then(([stdout, stderr, code]) => ({ stdout, stderr, code }));
    return { child, done };
  }
  const start = (env: Record<string, string>, args: string[] = []) => spawnMain(env, args).done;

  /** A start that cannot go on says so in one JSON line of level error, and nothing reads like a stack trace or a source excerpt. */
  function oneLine(r: { stdout: string; stderr: string }): string {
    const printed = `${r.stdout}\n${r.stderr}`.split("\n").filter((l) => l.trim() !== "");
    const parsed = printed.map((l) => JSON.parse(l) as { level: string; msg: string });
    const errors = parsed.filter((l) => l.level === "error");
    expect(errors).toHaveLength(1);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/\n\s+at |\^|\berror: /);
    return errors[0]!.msg;
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

  test("a second portal on a port already served refuses to start instead of sharing it, before making a data folder or a password", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "union-portal-second-"));
    try {
      const r = await start({ PORT: String(server.port), DATA_DIR: join(dataDir, "new"), SEED_DEMO: "0", CAPTCHA_FIXED: "" });
      expect(r.code).toBe(1);
      expect(oneLine(r)).toStartWith(`Cannot listen on port ${server.port}`);
      expect(`${r.stdout}${r.stderr}`).not.toContain("First administrator");
      expect(await Bun.file(join(dataDir, "new", "pglite", "PG_VERSION")).exists()).toBe(false);
      expect(existsSync(join(dataDir, "new"))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  test("a database not reachable yet is tried again with backoff, /readyz 503 meanwhile, then one line naming DATABASE_URL without its password", async () => {
    const port = await freePort();
    const started = spawnMain({ PORT: String(port), DATABASE_URL: "postgres://portal:s3cret@127.0.0.1:1/union", DATABASE_WAIT_SECONDS: "2" });
    const waiting = await until(
      () =>
        fetch(`http://127.0.0.1:${port}/readyz`).then(
          async (res) => (res.status === 503 ? ((await res.json()) as Record<string, unknown>) : false),
          () => false,
        ),
      "the port answers while the database is waited for",
    );
    expect(waiting).toMatchObject({ ready: false, reason: "starting", version });
    const r = await started.done;
    expect(r.code).toBe(1);
    expect(oneLine(r)).toBe(
      "Cannot reach the database at DATABASE_URL=postgres://portal:***@127.0.0.1:1/union (ECONNREFUSED) after 2 s: is PostgreSQL running and reachable? (DATABASE_WAIT_SECONDS sets how long to wait)",
    );
    const tries = r.stderr.split("\n").filter((l) => l.includes("database not reachable yet")).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(tries.length).toBeGreaterThanOrEqual(2);
    expect(tries[0]).toMatchObject({ level: "warn", DATABASE_URL: "postgres://portal:***@127.0.0.1:1/union", attempt: 1, code: "ECONNREFUSED" });
    expect(`${r.stdout}${r.stderr}`).not.toContain("s3cret");
  }, 30_000);

  test("a database that does not exist, or a data folder that cannot be written, stops the start with one line", async () => {
    const base = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
    base.pathname = "/union_portal_no_such_database";
    const missing = await start({ PORT: String(await freePort()), DATABASE_URL: base.toString(), DATABASE_WAIT_SECONDS: "1" });
    expect(missing.code).toBe(1);
    expect(oneLine(missing)).toContain(`The database named in DATABASE_URL=${base.toString()} does not exist`);

    const folder = await mkdtemp(join(tmpdir(), "union-portal-unwritable-"));
    try {
      // A file where a folder is wanted: refused even to root, which writes through any folder's permissions.
      await writeFile(join(folder, "file"), "");
      const unwritable = await start({ PORT: String(await freePort()), DATA_DIR: join(folder, "file", "data") });
      expect(unwritable.code).toBe(1);
      expect(oneLine(unwritable)).toBe(`The data folder DATA_DIR=${join(folder, "file", "data")} cannot be written (ENOTDIR): give the portal's user a folder it can write, or set DATA_DIR.`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 30_000);

  test("--version names the release and the commit it is built from", async () => {
    const r = await start({}, ["--version"]);
    const head = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"]).stdout.toString().trim();
    expect(r.stdout.trim()).toBe(`${version} (commit ${head})`);
  });

  test("on the machine an administrator is created and a password reset, each printed once and audited; both then sign in", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "union-portal-machine-"));
    try {
      await copySeededDataDir(dataDir);
      const made = await start({ DATA_DIR: dataDir }, ["admin", "create-admin", "ops7"]);
      expect(made.code).toBe(0);
      const madePassword = made.stdout.match(/^Administrator "ops7" created; password "([^"]+)" \(shown once/)?.[1];
      expect(madePassword).toMatch(/^[A-Za-z0-9]{16}$/);
      const again = await start({ DATA_DIR: dataDir }, ["admin", "create-admin", "ops7"]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('The account "ops7" exists already');
      const reset = await start({ DATA_DIR: dataDir }, ["admin", "reset-password", "cn000001"]);
      expect(reset.code).toBe(0);
      const resetPassword = reset.stdout.match(/new password "([^"]+)"/)?.[1];
      expect(resetPassword).toMatch(/^[A-Za-z0-9]{16}$/);
      expect((await start({ DATA_DIR: dataDir }, ["admin", "reset-password", "nobody9"])).stderr).toContain('No account "nobody9"');

      const portal = await startServer({ env: { DATA_DIR: dataDir } });
      try {
        // The password is in the one line printed to the operator, never in the server's own log.
        expect(portal.output()).not.toContain(madePassword!);
        const ops = await signedIn(portal.url, "ops7", madePassword!);
        const admin = await signedIn(portal.url, "cn000001", resetPassword!);
        await expect(signedIn(portal.url, "cn000001")).rejects.toThrow("sign-in as cn000001 failed");
        const log = (await ops.call("/user/operation/operations", {})) as Answer & { list: { type: { id: number }; operationer: unknown; user: { employees?: string } | null; detail: string }[] };
        const machine = log.list.filter((row) => row.type.id === 1786 || row.type.id === 1787);
        expect(machine.map((row) => [row.type.id, row.operationer, row.detail])).toEqual([
          [1787, null, "union-portal admin reset-password (on the server)"],
          [1786, null, "union-portal admin create-admin (on the server)"],
        ]);
        expect(((await admin.call("/user/reload")) as Answer).message.code).toBe("SUCCESS");
      } finally {
        await portal.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

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
