// The server as an operator runs it (`bun src/main.ts`, on its embedded
// database, or on PostgreSQL when TEST_DATABASE_URL is set): health and
// readiness, one JSON line per request with nothing personal in it, and a
// clean stop on SIGTERM that lets a request in flight finish and leaves the
// database whole for the next start.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { version } from "../../package.json";
import journal from "../../sql/meta/_journal.json";
import { release } from "../../src/release";
import { nodeBackend } from "../../src/http/crypto-node";
import { fromBase64Url } from "../../src/protocol/bytes";
import { ENVELOPE, openJson, responseAad, signRequest } from "../../src/protocol/envelope";
import { passwordDigest } from "../../src/protocol/password";
import { LANGUAGE } from "../../src/protocol/enumerations";
import { freshPostgres, startTestApp } from "../helpers/app";
import { testNow } from "../helpers/clock";
import { type Answer, signedIn } from "../helpers/remote";
import { until } from "../helpers/wait";
import { startServer, type TestServer } from "../helpers/server";

let dataDir: string;
let env: Record<string, string>;
let server: TestServer;
let fresh: Awaited<ReturnType<typeof freshPostgres>> | null = null;
/** What the first start wrote: the SIGTERM test starts the server again, and tests run in a random order. */
let firstStart = "";
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "union-portal-ops-"));
  if (process.env.TEST_DATABASE_URL) fresh = await freshPostgres();
  env = { DATA_DIR: dataDir, UI_DIR: join(dataDir, "no-ui"), ...(fresh ? { DATABASE_URL: fresh.url } : {}) };
  server = await startServer({ env });
  firstStart = server.output();
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await fresh?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The checkout's commit, asked of git here rather than of src/release.ts. */
const gitHead = () => Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"]).stdout.toString().trim();

type Line = Record<string, unknown> & { level: string; msg: string };
const lines = (output: string): Line[] =>
  output
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Line);

describe("health and readiness", () => {
  test("/healthz says the process is up; /readyz that the database answers with every migration of this build applied", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "up" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    // The release and the commit it was built from (src/release.ts): a checkout's package.json version and HEAD.
    expect(await ready.json()).toMatchObject({ status: "ready", migrations: journal.entries.length, version, commit: gitHead() });
  });
});

describe("readiness refused", () => {
  test("/readyz is 503 while a migration of this build is missing, and when the database does not answer", async () => {
    const t = await startTestApp();
    const readyz = async () => {
      const r = await t.app.handle(new Request("http://localhost/readyz"));
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    expect((await readyz()).status).toBe(200);
    await t.database.exec("delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)");
    expect(await readyz()).toEqual({ status: 503, body: { status: "not ready", ready: false, reason: "migrations", migrations: journal.entries.length - 1, ...release() } });
    await t.close();
    expect(await readyz()).toMatchObject({ status: 503, body: { reason: "database" } });
  });
});

describe("logs", () => {
  test("the start names its release and commit and says which migrations ran", () => {
    const started = lines(firstStart);
    // A new data folder is migrated from nothing; the PostgreSQL test database is cloned from one migrated already.
    const migrated = fresh ? `migrations: none needed (${journal.entries.length} applied)` : `migrated 0 → ${journal.entries.length}`;
    expect(started.find((l) => l.msg === migrated)).toMatchObject({ level: "info", version, commit: gitHead() });
    expect(started.find((l) => l.msg.includes(" on http://localhost:"))?.msg).toStartWith(`Union Portal ${version} (commit ${gitHead()})`);
  });

  test("every line is JSON; a request's line has its id, route, status, duration and actor, and nothing personal", async () => {
    // Not the member the SIGTERM test signs in: the server's output holds every test's lines, and this test reads its own.
    const member = await signedIn(server.url, "cn100002");
    const reload = (await member.call("/user/reload")) as Answer;
    expect(reload.message.code).toBe("SUCCESS");
    const traced = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "lb-7f3a" } });
    expect(traced.headers.get("x-request-id")).toBe("lb-7f3a");
    await traced.text();

    const requests = await until(() => {
      const found = lines(server.output()).filter((l) => l.msg === "request");
      return Promise.resolve(found.some((l) => l.id === "lb-7f3a") && found);
    }, "the request lines are written");
    const reloads = requests.filter((l) => l.route === "/api/user/reload" && l.actor === reload.user.id);
    expect(reloads).toHaveLength(1);
    expect(reloads[0]).toMatchObject({ level: "info", method: "POST", status: 200, actor: reload.user.id });
    expect(typeof reloads[0]!.ms).toBe("number");
    expect(String(reloads[0]!.id)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests.find((l) => l.id === "lb-7f3a")).toMatchObject({ route: "/healthz", status: 200, actor: null });
    // Before signing in nobody acts; the sign-in line has no actor either (it acted as nobody).
    expect(requests.find((l) => l.route === "/api/system/token")).toMatchObject({ actor: null });

    const all = server.output();
    const session = member.session();
    for (const secret of [session.tokenId, session.encKey, session.macKey, passwordDigest("Union2026demo"), "Union2026demo", "13900000002", "cn100002@union.example.com"])
      expect(all).not.toContain(secret);
  });
});

describe("SIGTERM", () => {
  test("stops taking connections, finishes the request in flight, then exits 0; the next start finds its write", async () => {
    const member = await signedIn(server.url, "cn100001");
    const saved = member.session();
    const keys = { tokenId: saved.tokenId, encKey: fromBase64Url(saved.encKey), macKey: fromBase64Url(saved.macKey) };
    const path = "/api/user/language";
    const signed = await signRequest(nodeBackend, keys, { method: "POST", path, payload: { language: LANGUAGE.LANGUAGE_EN }, nowMs: testNow().getTime() });

    // The body arrives in two parts; the second only once the server has been told to stop.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(signed.body.slice(0, 8));
        await released;
        controller.enqueue(signed.body.slice(8));
        controller.close();
      },
    });
    const inFlight = fetch(`${server.url}${path}?${signed.query}`, { method: "POST", headers: { "content-type": ENVELOPE.contentType }, body, duplex: "half" } as RequestInit);
    // A request sent after it has been answered: the server has read the first one's head by then.
    await (await fetch(`${server.url}/healthz`)).text();

    const exited = server.signal("SIGTERM");
    await until(
      () =>
        fetch(`${server.url}/healthz`).then(
          async (r) => void (await r.text()),
          () => true,
        ),
      "new connections are refused",
    );
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    const opened = (await openJson(nodeBackend, keys.encKey, new Uint8Array(await answer.arrayBuffer()), responseAad(signed.nonce))) as Answer;
    expect(opened.message.code).toBe("SUCCESS");
    expect(await exited).toBe(0);
    const said = lines(server.output()).map((l) => l.msg);
    expect(said).toContain("shutting down");
    expect(said.indexOf("stopped")).toBeGreaterThan(said.indexOf("shutting down"));

    // The same data directory starts again, and the write is there.
    server = await startServer({ env });
    expect(lines(server.output()).map((l) => l.msg)).toContain(`migrations: none needed (${journal.entries.length} applied)`);
    const again = (await (await signedIn(server.url, "cn100001")).call("/user/reload")) as Answer;
    expect(again.user.language).toEqual({ id: LANGUAGE.LANGUAGE_EN });
  }, 90_000);
});
