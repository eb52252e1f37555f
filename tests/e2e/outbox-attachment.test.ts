// The outbox on the system page (issue 28 item 2): an editor mails an
// activity's orders to themselves; the administrator, who holds the orders'
// power, sees the file as a link in the outbox and downloads it (Chinese,
// desk; English, 375 px); the operator, who holds only the system page,
// reads the same mail without the link (English, 375 px; Chinese, desk).
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { eq } from "drizzle-orm";
import { activities } from "../../src/db/schema";
import { accessible, apiAs, DESK, PHONE, preparedWorld, SETUP_TIMEOUT_MS, settle, settledShot, enter, stopWorld, test, visitor, type World } from "./support";

let world: World;
let mooncake = 0;
beforeAll(async () => {
  world = await preparedWorld(async (db) => {
    mooncake = (await db.select({ id: activities.id }).from(activities).where(eq(activities.nameEn, "Mid-Autumn mooncake box")))[0]!.id;
  });
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const MAIL_TO = "cn000002@union.example.com";
const views = [
  { account: "cn000001", language: "zh", viewport: DESK, size: "desk", link: "附件：" },
  { account: "cn000001", language: "en", viewport: PHONE, size: "phone", link: "Attachment: " },
  { account: "cn000003", language: "en", viewport: PHONE, size: "phone", link: null },
  { account: "cn000003", language: "zh", viewport: DESK, size: "desk", link: null },
] as const;

describe("a mailed export in the outbox", () => {
  test(
    "the administrator opens the file from the outbox; the operator sees the mail without it",
    async () => {
      const editor = await apiAs(world, "cn000002");
      expect((await editor("/order/activity/export", { id: mooncake, mail: 1 })).message.code).toBe("SUCCESS");
      for (const view of views) {
        const { page, close } = await visitor(world, { viewport: view.viewport });
        await enter(page, world, view.account, { language: view.language });
        await page.goto(`${world.server.url}/system`);
        const mail = page.locator(".outbox .list-card, .outbox tbody tr").filter({ hasText: MAIL_TO }).first();
        await mail.waitFor();
        const link = mail.locator(".outbox-attachment");
        if (view.link) {
          expect(await link.textContent()).toMatch(new RegExp(`^${view.link}中秋月饼礼盒-订单-\\d{8}\\.xlsx$`));
          const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
          expect(download.suggestedFilename()).toMatch(/^中秋月饼礼盒-订单-\d{8}\.xlsx$/);
        } else {
          expect(await link.count()).toBe(0);
        }
        await mail.scrollIntoViewIfNeeded();
        await accessible(page, `outbox ${view.account} ${view.language} ${view.size}`);
        await settledShot(page, `outbox-attachment/${view.account}-${view.language}-${view.size}`);
        // The window on the mail itself (the full page shrinks it out of sight on a desk).
        await mail.evaluate((el) => el.scrollIntoView({ block: "center" }));
        await settle(page);
        await page.screenshot({ path: `test-results/screenshots/outbox-attachment/${view.account}-${view.language}-${view.size}-mail.png` });
        await close();
      }
    },
    120_000,
  );
});
