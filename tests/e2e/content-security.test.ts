// The pages' content security policy (issue 31 item 3): every page carries
// it, and a news item that smuggles script past the editor is stopped by the
// browser itself even when the server's cleaner is switched off (a test-only
// setting). The route walk (route-walk.test.ts) holds the other half: no page
// of any role's walk has anything blocked.
import { afterAll, beforeAll, expect } from "bun:test";
import { news } from "../../src/db/schema";
import { NEWS_TYPE } from "../../src/protocol/enumerations";
import { START } from "../helpers/clock";
import { preparedWorld, SETUP_TIMEOUT_MS, signIn, stopWorld, test, visitor, type World } from "./support";

/** An inline handler and an inline script, as a careless paste or a hostile import would bring them. */
const SMUGGLED = `<p>会议通知</p><img src="/nothing-here.png" alt="" onerror="window.__smuggled = 'handler'"><script>window.__smuggled = 'script'</script><p data-testid="smuggled-text">请准时参加。</p>`;

let world: World;
let smuggledId = 0;
beforeAll(async () => {
  world = await preparedWorld(
    async (db) => {
      const [row] = await db
        .insert(news)
        .values({ type: NEWS_TYPE.NEWS_TYPE_NOTICE, nameZh: "夹带脚本的通知", nameEn: "A notice with a script", contentZh: SMUGGLED, contentEn: SMUGGLED, date: START, createdAt: START, updatedAt: START })
        .returning({ id: news.id });
      smuggledId = row!.id;
    },
    // The server's cleaner off: only the browser's policy stands between the text and the page.
    { env: { TEST_RICH_TEXT_UNCLEANED: "1" } },
  );
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

test("every page carries the policy; the camera is the check-in page's alone", async () => {
  const page = await fetch(`${world.server.url}/index`);
  const policy = page.headers.get("content-security-policy") ?? "";
  for (const directive of ["script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "connect-src 'self' blob:", "img-src 'self' data: blob:"]) {
    expect(policy).toContain(directive);
  }
  expect(policy).not.toContain("'unsafe-eval'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(page.headers.get("permissions-policy")).toContain("camera=()");
  expect((await fetch(`${world.server.url}/activity/checkin`)).headers.get("permissions-policy")).toContain("camera=(self)");
  // Not behind TLS here (no https PUBLIC_URL): no Strict-Transport-Security.
  expect(page.headers.get("strict-transport-security")).toBeNull();
});

test("a notice whose text carries script runs none of it: the browser blocks the handler, and says so", async () => {
  const v = await visitor(world);
  await signIn(v.page, world, "cn100001");
  await v.page.goto(`${world.server.url}/news/info?id=${smuggledId}`);
  await v.page.waitForSelector("[data-testid=smuggled-text]");
  // The broken image has fired its error by the time its text is drawn and the page is idle.
  await v.page.waitForFunction(() => [...document.images].every((img) => img.complete));
  expect(await v.page.evaluate(() => (window as unknown as { __smuggled?: string }).__smuggled)).toBeUndefined();
  // The inline handler was refused by script-src (an attribute): the one violation, expected here and taken off the visitor's list.
  expect(v.cspViolations.some((text) => text.startsWith("script-src-attr blocked inline"))).toBe(true);
  v.cspViolations.splice(0);
  await v.close();
});
