// The demo seed's activities, as the demo members meet them: every outcome
// before the button has an example, the covers are served, and cn100001's
// orders come in several states with consistent places.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { orderItems } from "../../src/db/schema";
import { rowsOf } from "../../src/db/sql";
import { startTestApp, type TestApp } from "../helpers/app";

type Answer = Record<string, any>;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

test("this year's module and last year's, newest first, with an activity for every outcome", async () => {
  const c = await t.as("cn100001");
  // The activity modules (the demo's gift market is tests/api/market.test.ts's).
  const modules = (await c.call<Answer>("/activity/module/list")).list.filter((m: Answer) => m.model.id === 1301);
  expect(modules.map((m: Answer) => m.year)).toEqual([2026, 2025]);
  expect(modules[0].face).toMatch(/^\/api\/file\/get\?key=[0-9a-f]{64}\.png$/);

  const tiles = (await c.call<Answer>("/activity/list", { module: modules[0].id })).list as Answer[];
  // The four walks of the team are one tile under the team's name.
  expect(tiles.filter((x) => x.name === "春季健步走")).toHaveLength(1);
  const outcomes: Record<string, string> = {};
  for (const tile of tiles) {
    const info = (await c.call<Answer>("/activity/info", { id: tile.id })).activity;
    outcomes[info.nameEn] = info.check.code;
  }
  expect(outcomes).toMatchObject({
    "Lunchtime book club": "SUCCESS",
    "Badminton hall season pass": "SUCCESS",
    "Workplace safety quiz": "SUCCESS",
    "Children's Day family fair": "SUCCESS",
    "Gym: daily booking": "SUCCESS",
    "New Year concert tickets": "ERROR_SIGN_FULL",
    "Staff art exhibition entries": "ERROR_SIGN_NOT_START",
    "Spring photo contest": "ERROR_SIGN_END",
    // Already signed up (the seed's order), one order allowed.
    "Friday film night": "ERROR_SIGN_FINISH",
    "Mid-Autumn mooncake box": "ERROR_SIGN_FINISH",
    "R&D tech salon": "SUCCESS",
  });
  // The salon is for Research and Development only: cn100002 is in Operations.
  const other = await t.as("cn100002");
  const salon = tiles.find((x) => x.nameEn === "R&D tech salon")!;
  expect((await other.call<Answer>("/activity/info", { id: salon.id })).activity.check.code).toBe("ERROR_SIGN_NO_POWER");

  // The book club shows the demo video, played through a grant.
  const reading = (await c.call<Answer>("/activity/info", { id: tiles.find((x) => x.nameEn === "Lunchtime book club")!.id })).activity;
  const grant = await c.call<Answer>("/video/info", { id: reading.videoId });
  const video = await t.fetch(grant.info.playURL);
  expect(video.headers.get("content-type")).toBe("video/webm");
  expect((await video.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

  const cover = await t.fetch(modules[0].face);
  expect(cover.headers.get("content-type")).toBe("image/png");
  expect(new Uint8Array(await cover.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode("PNG"));
});

test("cn100001 has orders in several states, a parcel on the way and a checked ticket; places match the live orders", async () => {
  const c = await t.as("cn100001");
  const list = (await c.call<Answer>("/order/list", { index: 1 })).list as Answer[];
  const byName = Object.fromEntries(list.map((o) => [o.nameEn, o]));
  expect(byName["Friday film night"]).toMatchObject({ state: { id: 202 }, canCancel: true, goods: [{ hasTicket: true, checked: false }] });
  expect(byName["Mid-Autumn mooncake box"]).toMatchObject({ state: { id: 202 }, sendState: { id: 402 }, canChangeAddress: false, express: [{ number: "SF1402938475610" }] });
  expect(byName["Lunchtime book club"]).toMatchObject({ state: { id: 203 }, canCancel: false });
  expect(byName["Year-end party"]).toMatchObject({ goods: [{ checked: true }] });
  expect(byName["Autumn family study trip"]).toMatchObject({ amount: 8800, payOrder: { state: { id: 302 } }, goods: [{ families: [{ name: "陈小明" }] }] });

  const mismatched = rowsOf(
    await t.db.execute(sql`
      select a.id from activities a
      left join order_items i on i.activity_id = a.id and i.state <> 203
      group by a.id having a.used <> coalesce(sum(i.places), 0)`),
  );
  expect(mismatched).toEqual([]);
});

test("the salon's form: the department stays as it is, the team must be one of that department's", async () => {
  // It signs cn100001 up for the salon, which the first test expects open to them: an app of its own, whatever the order.
  const t = await startTestApp();
  try {
    await salonForm(t);
  } finally {
    await t.close();
  }
});

async function salonForm(t: TestApp) {
  const c = await t.as("cn100001");
  const tiles = (await c.call<Answer>("/activity/list", { module: (await c.call<Answer>("/activity/module/list")).list[0].id })).list as Answer[];
  const salon = (await c.call<Answer>("/activity/info", { id: tiles.find((x) => x.nameEn === "R&D tech salon")!.id })).activity;
  const [department, team] = salon.properties.map((r: Answer) => r.property);
  expect(salon.properties.map((r: Answer) => [r.value, r.isReadonly])).toEqual([
    ["rd", true],
    ["rd-platform", false],
  ]);
  const option = (p: Answer, value: string) => ({ id: p.options.find((o: Answer) => o.value === value).id });
  const send = (teamValue: string) =>
    c.call<Answer>("/order/sign", {
      activity: salon.id,
      properties: [
        { property: { id: department.id }, option: option(department, "rd"), value: "rd" },
        { property: { id: team.id }, option: option(team, teamValue), value: teamValue },
      ],
    });
  // A team of another department is not among this one's choices.
  expect((await send("hr-benefits")).message).toMatchObject({ code: "ERROR_SIGN_PARAMS", params: { property: team.id } });
  const signed = await send("rd-mobile");
  expect(signed.message.code).toBe("SUCCESS");
  const [item] = await t.db.select({ properties: orderItems.properties }).from(orderItems).where(eq(orderItems.orderId, signed.order));
  expect(item!.properties).toEqual([
    { id: department.id, value: "rd" },
    { id: team.id, value: "rd-mobile" },
  ]);
}
