import { afterAll, beforeAll, expect, test } from "bun:test";
import { count } from "drizzle-orm";
import { sessions } from "../../src/db/schema";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

test("expired sessions, codes and nonces are cleared, live ones kept", async () => {
  const live = await t.as("cn100001");
  const old = t.client();
  await (await old.get("/system/random")).arrayBuffer();
  const [{ n: before }] = (await t.db.select({ n: count() }).from(sessions)) as [{ n: number }];
  expect(before).toBe(2);
  // The old session goes unused past its lifetime; the live one keeps calling.
  t.clock.advance(t.config.tokenLifetimeMs - 60_000);
  expect((await live.call("/user/reload")).message.code).toBe("SUCCESS");
  const job = JOBS.find((j) => j.name === "clear-expired")!;
  expect(await runJob(t, job, new Date(t.clock.now().getTime() + 2 * 60_000))).toBe(true);
  const [{ n: after }] = (await t.db.select({ n: count() }).from(sessions)) as [{ n: number }];
  expect(after).toBe(1);
  t.clock.reset();
});
