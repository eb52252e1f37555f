// Files on S3-compatible storage, against a local fake S3 that checks
// Signature V4 as the service does: the adapter's puts and gets, refusals
// told once with the setting to check, failures tried again, and the portal
// reading and writing its files there (an upload the store fails leaves no
// row behind).
import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { eq } from "drizzle-orm";
import demoVideo from "../../assets/demo/activity-video.webm" with { type: "file" };
import { loadConfig } from "../../src/config";
import { files, operationLog } from "../../src/db/schema";
import { StorageUnavailable, storageKeyOf } from "../../src/providers/storage";
import { s3Storage } from "../../src/providers/storage/s3";
import { makeActivity } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";
import { startFakeS3, type FakeS3 } from "../helpers/fake-s3";
import { TINY_PNG } from "../helpers/routes";

type Answer = Record<string, any>;
let s3: FakeS3;
beforeAll(() => {
  s3 = startFakeS3();
});
afterEach(() => s3.clearFaults());
afterAll(() => s3.stop());

/** The adapter as the settings make it, with short waits between tries. */
const storeWith = (extra: Record<string, string> = {}) => s3Storage(loadConfig(s3.env({ S3_TIMEOUT_MS: "300", ...extra })).storage.s3!, { firstRetryMs: 5 });
const pngKey = (seed: number) => storageKeyOf(new Uint8Array([...TINY_PNG, seed]), "png");

describe("the S3 adapter", () => {
  let logged: string[];
  let errors: ReturnType<typeof spyOn>;
  let warnings: ReturnType<typeof spyOn>;
  beforeAll(() => {
    logged = [];
    // Each log line is a JSON object (src/log.ts); its message is what is read here.
    const msg = (line: unknown) => (JSON.parse(String(line)) as { msg: string }).msg;
    errors = spyOn(console, "error").mockImplementation((line: unknown) => void logged.push(`error ${msg(line)}`));
    warnings = spyOn(console, "warn").mockImplementation((line: unknown) => void logged.push(`warn ${msg(line)}`));
  });
  afterEach(() => (logged.length = 0));
  afterAll(() => {
    errors.mockRestore();
    warnings.mockRestore();
  });

  test("a file is put under the prefix with its type and read back; a key never stored is null", async () => {
    const store = storeWith({ S3_PREFIX: "/portal/files/" });
    const key = pngKey(1);
    await store.put(key, TINY_PNG, "image/png");
    expect(s3.objects.get(`portal/files/${key}`)).toMatchObject({ bytes: TINY_PNG, type: "image/png" });
    expect(await store.get(key)).toEqual(TINY_PNG);
    expect(await store.get(pngKey(2))).toBeNull();
    // Not a key the kit makes: never asked of the store.
    const before = s3.seen.length;
    expect(await store.get("../secrets.png")).toBeNull();
    expect(s3.seen.length).toBe(before);
    expect(logged).toEqual([]);
  });

  test("a virtual-hosted endpoint carries the bucket in the host name", async () => {
    const store = storeWith({ S3_ENDPOINT: s3.virtualUrl, S3_VIRTUAL_HOSTED: "1" });
    const key = pngKey(3);
    await store.put(key, TINY_PNG, "image/png");
    expect(s3.seen.at(-1)).toEqual({ method: "PUT", key: `/${key}`, status: 200 });
    expect(await store.get(key)).toEqual(TINY_PNG);
  });

  test("wrong credentials, region or bucket are refused once, not tried again, and the log names the setting to check", async () => {
    const cases = [
      [{ S3_SECRET_ACCESS_KEY: "wrong-secret-0123456789" }, "SignatureDoesNotMatch", "S3_SECRET_ACCESS_KEY"],
      [{ S3_ACCESS_KEY_ID: "AKNOBODY" }, "InvalidAccessKeyId", "S3_ACCESS_KEY_ID"],
      [{ S3_REGION: "us-east-1" }, "AuthorizationHeaderMalformed", "S3_REGION"],
      [{ S3_BUCKET: "another-bucket" }, "NoSuchBucket", "S3_BUCKET"],
    ] as const;
    for (const [settings, code, hint] of cases) {
      const before = s3.seen.length;
      const store = storeWith(settings);
      await expect(store.put(pngKey(4), TINY_PNG, "image/png")).rejects.toBeInstanceOf(StorageUnavailable);
      await expect(store.get(pngKey(1))).rejects.toBeInstanceOf(StorageUnavailable);
      expect(logged).toHaveLength(2);
      expect(s3.seen.length - before).toBe(2);
      for (const line of logged) {
        expect(line).toStartWith("error storage:");
        expect(line).toContain(code);
        expect(line).toContain(hint);
      }
      logged.length = 0;
    }
    expect(s3.objects.has(pngKey(4))).toBe(false);
    // The secret is never written in a log.
    expect(logged.join("\n")).not.toContain(s3.secretAccessKey);
  });

  test("a 500, a 503 and a call that never answers are tried again, and the third try stores the file", async () => {
    const store = storeWith();
    const key = pngKey(5);
    s3.fail("500", "hang");
    await store.put(key, TINY_PNG, "image/png");
    expect(s3.objects.get(key)?.bytes).toEqual(TINY_PNG);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toContain("InternalError");
    expect(logged[1]).toContain("no answer within 300 ms");
    expect(logged[1]).toContain("try 3 of 3");

    logged.length = 0;
    s3.fail("503");
    expect(await store.get(key)).toEqual(TINY_PNG);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain("SlowDown");
  });

  test("a store that fails every try gives up after the third, and says so", async () => {
    const before = s3.seen.length;
    s3.fail("503", "500", "503");
    await expect(storeWith().put(pngKey(6), TINY_PNG, "image/png")).rejects.toBeInstanceOf(StorageUnavailable);
    expect(s3.seen.length - before).toBe(3);
    expect(logged.at(-1)).toContain("failed 3 times, the last: SlowDown");
  });

  test("S3 settings are checked at start", () => {
    expect(loadConfig({}).storage.s3).toBeNull();
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: "AK" })).toThrow("S3_BUCKET must be set");
    expect(() => loadConfig({ S3_BUCKET: "files" })).toThrow("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set");
    expect(() => loadConfig(s3.env({ S3_BUCKET: "Files_2026" }))).toThrow("S3_BUCKET must be a bucket name");
    expect(() => loadConfig(s3.env({ S3_ENDPOINT: "s3.example.com" }))).toThrow("S3_ENDPOINT must look like");
    expect(() => loadConfig(s3.env({ S3_PREFIX: "a b" }))).toThrow("S3_PREFIX may hold");
    expect(loadConfig(s3.env({ S3_PREFIX: "portal/" })).storage.s3).toMatchObject({ prefix: "portal/", virtualHostedStyle: false, timeoutMs: 10_000 });
  });
});

describe("the portal with its files on S3", () => {
  let t: TestApp;
  let quiet: ReturnType<typeof spyOn>[];
  beforeAll(async () => {
    t = await startTestApp(s3.env({ S3_PREFIX: "portal", S3_TIMEOUT_MS: "300" }));
    quiet = [spyOn(console, "error").mockImplementation(() => {}), spyOn(console, "warn").mockImplementation(() => {})];
  }, 60_000);
  afterAll(async () => {
    for (const spy of quiet) spy.mockRestore();
    await t?.close();
  });

  test("an upload is kept in the bucket and /file/get serves it from there; a missing file is not found", async () => {
    const editor = await t.as("cn000002");
    const bytes = new Uint8Array([...TINY_PNG, 7]);
    const answer = await editor.upload<{ path: string }>("/upload/image", new Blob([bytes]), "pixel.png");
    expect(answer.message.code).toBe("SUCCESS");
    const key = answer.path!.split("key=")[1]!;
    expect(s3.objects.get(`portal/${key}`)).toMatchObject({ bytes, type: "image/png" });
    expect(await t.db.select().from(files).where(eq(files.key, key))).toHaveLength(1);

    const read = await t.fetch(answer.path!);
    expect(read.status).toBe(200);
    expect(read.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(bytes);

    const missing = await t.fetch(`/api/file/get?key=${pngKey(8)}`);
    expect(missing.status).not.toBe(500);
    expect(((await missing.json()) as Answer).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("an upload the store fails is answered busy and leaves no file row and no operation", async () => {
    const editor = await t.as("cn000002");
    const bytes = new Uint8Array([...TINY_PNG, 9]);
    const key = storageKeyOf(bytes, "png");
    const logsBefore = (await t.db.select().from(operationLog).where(eq(operationLog.action, "file.upload"))).length;
    s3.fail("500", "503", "hang");
    const answer = await editor.upload("/upload/image", new Blob([bytes]), "pixel.png");
    expect(answer.message).toMatchObject({ code: "ERROR_BUSY", params: { reason: "storage" } });
    expect(s3.objects.has(`portal/${key}`)).toBe(false);
    expect(await t.db.select().from(files).where(eq(files.key, key))).toHaveLength(0);
    expect(await t.db.select().from(operationLog).where(eq(operationLog.action, "file.upload"))).toHaveLength(logsBefore);

    // A read the store fails is a 503 the browser may try again, never a 500.
    s3.fail("503", "503", "503");
    const read = await t.fetch(`/api/file/get?key=${pngKey(8)}`);
    expect(read.status).toBe(503);
    expect(((await read.json()) as Answer).message.code).toBe("ERROR_BUSY");

    // Once the store is back the same upload goes through.
    expect((await editor.upload("/upload/image", new Blob([bytes]), "pixel.png")).message.code).toBe("SUCCESS");
    expect(s3.objects.has(`portal/${key}`)).toBe(true);
  });

  test("the demo video plays from the bucket", async () => {
    const video = new Uint8Array(await Bun.file(demoVideo).arrayBuffer());
    const key = storageKeyOf(video, "webm");
    await s3Storage(t.config.storage.s3!).put(key, video, "video/webm");
    await makeActivity(t.db, { videoId: key });
    const info = await (await t.as("cn100001")).call<Answer>("/video/info", { id: key });
    const played = await t.fetch(info.info.playURL);
    expect(played.headers.get("content-type")).toBe("video/webm");
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(video);
  });
});
