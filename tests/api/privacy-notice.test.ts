// Consent (issue 31 item 4): the privacy notice's version accepted at
// activation is recorded; an administrator publishes a new version and every
// member's user view says it waits for them until they accept it; a page
// left open on the old version cannot accept the new one for them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { operationLog, privacyConsents, privacyNotices, users } from "../../src/db/schema";
import { USER_STATE } from "../../src/protocol/enumerations";
import { md5, startTestApp, type TestApp } from "../helpers/app";
import { registeredMember } from "../helpers/codes";

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
const PASSWORD = "Union2026demo";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

async function member() {
  const row = await registeredMember(t, { state: USER_STATE.USER_STATE_ACTIVE });
  await t.db.update(users).set({ passwordHash: await Bun.password.hash(md5(PASSWORD), { algorithm: "argon2id" }) }).where(eq(users.id, row.id));
  return row as typeof row & { employees: string };
}

describe("the privacy notice", () => {
  test("anyone reads the version in force; the demo members accepted the first when they activated", async () => {
    const { notice } = await t.client().call<Answer>("/privacy/notice");
    // Another test may have published a later version: the one in force is the newest.
    const [latest] = await t.db.select().from(privacyNotices).orderBy(desc(privacyNotices.version)).limit(1);
    expect(notice).toMatchObject({ version: latest!.version, textZh: latest!.textZh, textEn: latest!.textEn });
    const [first] = await t.db.select().from(privacyNotices).where(eq(privacyNotices.version, 1));
    expect(first!.textZh).toContain("工会");
    expect(first!.textEn).toContain("union");
    const chen = (await t.signIn(t.client(), "cn100001")) as Answer;
    const accepted = (await t.db.select().from(privacyConsents).where(eq(privacyConsents.userId, chen.user.id))).map((r) => r.version);
    expect(accepted).toContain(1);
    expect(chen.user.privacyNotice).toEqual({ version: latest!.version, accepted: accepted.includes(latest!.version) });
  });

  test("a new version is asked for at the next sign-in until accepted; accepting an old one is refused", async () => {
    const admin = await t.as("cn000001");
    const who = await member();
    const c = t.client();
    const { notice } = await c.call<Answer>("/privacy/notice");
    expect(((await t.signIn(c, who.employees, PASSWORD)) as Answer).user.privacyNotice).toEqual({ version: notice.version, accepted: false });
    expect((await c.call<Answer>("/user/privacy/accept", { version: notice.version })).message.code).toBe("SUCCESS");
    expect(((await c.call<Answer>("/user/reload")) as Answer).user.privacyNotice.accepted).toBe(true);

    // Blank texts are refused by field, nothing published.
    expect((await admin.call<Answer>("/privacy/notice/publish", { textZh: "  ", textEn: "x" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "textZh" } });
    const published = await admin.call<Answer>("/privacy/notice/publish", { textZh: "第二版\r\n\r\n\r\n\r\n<b>正文</b>", textEn: "Version two" });
    expect(published.version).toBe(notice.version + 1);
    expect((await t.client().call<Answer>("/privacy/notice")).notice).toMatchObject({ version: published.version, textZh: "第二版\n\n<b>正文</b>", textEn: "Version two" });
    const again = (await t.signIn(t.client(), who.employees, PASSWORD)) as Answer;
    expect(again.user.privacyNotice).toEqual({ version: published.version, accepted: false });
    // The page still showing the old version cannot accept the new one.
    expect((await c.call<Answer>("/user/privacy/accept", { version: notice.version })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "notice", reason: "stale" } });
    expect((await c.call<Answer>("/user/privacy/accept", { version: published.version })).message.code).toBe("SUCCESS");
    // Twice is once.
    expect((await c.call<Answer>("/user/privacy/accept", { version: published.version })).message.code).toBe("SUCCESS");
    const rows = await t.db.select().from(privacyConsents).where(eq(privacyConsents.userId, who.id));
    expect(rows.map((r) => r.version)).toEqual([notice.version, published.version]);
    expect(await t.db.select().from(operationLog).where(and(eq(operationLog.userId, who.id), eq(operationLog.action, "privacy.accept")))).toHaveLength(3);
    const versions = await admin.call<Answer>("/privacy/notice/list");
    expect(versions.list[0]).toMatchObject({ version: published.version, accepted: 1 });
    expect(versions.active).toBeGreaterThan(5);
  });

  test("only the officers who keep members' data publish; a member cannot", async () => {
    const who = await member();
    const c = t.client();
    await t.signIn(c, who.employees, PASSWORD);
    expect((await c.call<Answer>("/privacy/notice/publish", { textZh: "x", textEn: "x" })).message.code).toBe("ERROR_NOT_POWER");
    expect((await (await t.as("cn000002")).call<Answer>("/privacy/notice/publish", { textZh: "x", textEn: "x" })).message.code).toBe("ERROR_NOT_POWER");
  });
});
