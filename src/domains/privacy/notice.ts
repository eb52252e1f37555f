// The privacy notice and consent (issue 31 item 4; PIPL articles 13-17): the
// union says what it holds, why, and the member's rights; a member accepts
// the version in force when activating, and again at their next sign-in
// after an administrator publishes a new one (the page asks before anything
// else; ui/components/consent-gate.tsx). Every acceptance is a row: who,
// which version, when, from which address.
import { Type as t } from "@sinclair/typebox";
import { and, count, desc, eq } from "drizzle-orm";
import { privacyConsents, privacyNotices, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { USER_STATE } from "../../protocol/enumerations";
import { refuse, refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { isoOf } from "../shared/fields";

/** A notice is read on a phone: long enough for what the law asks, short enough to be read. */
export const NOTICE_MAX = 20_000;

export const publishInput = t.Object({ textZh: t.String({ maxLength: NOTICE_MAX }), textEn: t.String({ maxLength: NOTICE_MAX }) });
export const acceptInput = t.Object({ version: t.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** What a new portal starts with; the union's officers publish their own. */
export const FIRST_NOTICE = {
  textZh: [
    "本工会会员平台由公司工会运营。为办理入会、会费、活动报名、礼品兑换与工会信箱等会员服务，我们保存您的姓名、员工号、手机号、邮箱、出生日期、地址、家属信息（含证件号码）、订单与付款记录、积分以及您发送的消息。",
    "这些信息仅用于上述会员服务，只有具备相应职能权限的工会工作人员可以查看；证件号码与手机号对工作人员默认隐藏，查看完整号码会被记录。",
    "您可以在“账号安全”中下载我们保存的全部个人信息、查看资料修改记录、管理登录设备。离职后，您的个人信息在工会设定的保留期满后删除，仅保留订单与付款记录所需的匿名信息。",
    "如有疑问，请通过工会信箱联系我们。",
  ].join("\n\n"),
  textEn: [
    "This members' portal is run by the company's labour union. To provide membership, dues, activity sign-ups, gift redemption and the union mailbox, we keep your name, employee number, phone, e-mail, date of birth, addresses, family members (with their identity numbers), orders and payments, points and the messages you send.",
    "This information is used only for these services and seen only by union staff whose role needs it; identity numbers and phones are masked for staff, and every look at a whole number is recorded.",
    "Under Security you can download everything we hold about you, see who changed your profile and manage your signed-in devices. After you leave the company, your personal data is erased when the union's keeping period ends; only what the order and payment records need stays, under a pseudonym.",
    "For any question, write to us through the union mailbox.",
  ].join("\n\n"),
};

/** The version in force, or null before any is published. */
export async function noticeInForce(ctx: Pick<Ctx, "db">) {
  const [row] = await ctx.db.select().from(privacyNotices).orderBy(desc(privacyNotices.version)).limit(1);
  return row ?? null;
}

/** What the user view says: the version in force, and whether the member has accepted it (null: no notice yet). */
export async function consentOf(ctx: Pick<Ctx, "db">, userId: number) {
  const notice = await noticeInForce(ctx);
  if (!notice) return null;
  const [accepted] = await ctx.db
    .select({ at: privacyConsents.acceptedAt })
    .from(privacyConsents)
    .where(and(eq(privacyConsents.userId, userId), eq(privacyConsents.version, notice.version)));
  return { version: notice.version, accepted: accepted !== undefined };
}

/** Records that the member accepted `version`, which must be the one in force (a page open since before a new version is refused, and shows the new one). */
export async function recordConsent(ctx: Pick<Ctx, "db" | "now" | "ip">, userId: number, version: number) {
  const notice = await noticeInForce(ctx);
  if (!notice || notice.version !== version) refuse("ERROR_PARAMS", { field: "notice", reason: "stale" });
  await ctx.db.insert(privacyConsents).values({ userId, version, acceptedAt: ctx.now, ip: ctx.ip }).onConflictDoNothing();
}

/** POST /privacy/notice: the notice in force, for anyone (the activation form, the page footer). */
export async function currentNotice({ ctx }: { ctx: Ctx }) {
  const notice = await noticeInForce(ctx);
  return { notice: notice ? { version: notice.version, textZh: notice.textZh, textEn: notice.textEn, publishedAt: notice.publishedAt.toISOString() } : null };
}

/** POST /user/privacy/accept: the member accepts the version in force. */
export async function acceptNotice({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof acceptInput.static }) {
  await recordConsent(ctx, ctx.actor.id, input.version);
  return { audit: { entity: "privacy-notice", id: input.version, userId: ctx.actor.id } };
}

/** POST /privacy/notice/list: every version, with how many active members accepted it (the officer's view). */
export async function noticeVersions({ ctx }: { ctx: MemberCtx }) {
  const rows = await ctx.db.select().from(privacyNotices).orderBy(desc(privacyNotices.version));
  const counts = await ctx.db
    .select({ version: privacyConsents.version, n: count() })
    .from(privacyConsents)
    .innerJoin(users, eq(users.id, privacyConsents.userId))
    .where(eq(users.state, USER_STATE.USER_STATE_ACTIVE))
    .groupBy(privacyConsents.version);
  const [active] = await ctx.db.select({ n: count() }).from(users).where(eq(users.state, USER_STATE.USER_STATE_ACTIVE));
  const accepted = new Map(counts.map((c) => [c.version, c.n]));
  return {
    active: active?.n ?? 0,
    list: rows.map((r) => ({ version: r.version, textZh: r.textZh, textEn: r.textEn, publishedAt: isoOf(r.publishedAt), accepted: accepted.get(r.version) ?? 0 })),
  };
}

/** POST /privacy/notice/publish: a new version in force; every member is asked to accept it at their next sign-in. */
export async function publishNotice({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof publishInput.static }) {
  const textZh = cleanNotice(input.textZh);
  if (!textZh) refuseField("textZh");
  const textEn = cleanNotice(input.textEn);
  if (!textEn) refuseField("textEn");
  // The next number: two officers publishing at once break the key, and the second is told to look again.
  const version = ((await noticeInForce(ctx))?.version ?? 0) + 1;
  await ctx.db.insert(privacyNotices).values({ version, textZh, textEn, publishedAt: ctx.now, publishedBy: ctx.actor.id });
  return { version, audit: { entity: "privacy-notice", id: version, detail: `version ${version}` } };
}

/** Plain text in paragraphs: lines trimmed, runs of blank lines made one; markup stays text (the page shows it as text, never as HTML). */
const cleanNotice = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
