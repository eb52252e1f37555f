// /video/info: a short-lived play address for an activity's video, carrying
// a grant and not the session; nothing else in storage is reachable by it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { localStorage, storageKeyOf } from "../../src/providers/storage";
import { GRANT_MS } from "../../src/domains/video/routes";
import { makeActivity } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";

type Answer = Record<string, any>;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

test("a member gets a play address that serves the video until the grant expires", async () => {
  const bytes = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4, 5, 6, 7, 8]);
  const key = storageKeyOf(bytes, "webm");
  await localStorage(join(t.config.dataDir, "files")).put(key, bytes, "video/webm");
  await makeActivity(t.db, { videoId: key });
  const c = await t.as("cn100001");

  const answer = await c.call<Answer>("/video/info", { id: key });
  expect(answer.message.code).toBe("SUCCESS");
  expect(answer.playauth).toBe(answer.info.playAuth);
  expect(answer.info.playURL).not.toContain(c.tokenId!);
  const played = await t.fetch(answer.info.playURL);
  expect(played.headers.get("content-type")).toBe("video/webm");
  expect(new Uint8Array(await played.arrayBuffer())).toEqual(bytes);

  t.clock.advance(GRANT_MS + 1000);
  const late = await t.fetch(answer.info.playURL);
  expect(late.headers.get("content-type")).not.toBe("video/webm");
  t.clock.reset();
});

test("an id no activity shows, or a forged grant, plays nothing", async () => {
  const c = await t.as("cn100001");
  const cover = (await c.call<Answer>("/activity/module/list")).list[0].face.split("key=")[1];
  expect((await c.call<Answer>("/video/info", { id: cover })).message.code).toBe("ERROR_RESULT_NULL");
  expect((await c.call<Answer>("/video/info", { id: "../../etc/passwd" })).message.code).toBe("ERROR_RESULT_NULL");
  const forged = await t.fetch(`/api/video/play?auth=${"A".repeat(32)}`);
  expect(forged.headers.get("content-type")).not.toMatch(/^video\//);
});
