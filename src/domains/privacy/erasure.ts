// Erasure after leaving (issue 31 item 4; PIPL's deletion once the purpose
// ends): an administrator sets how long a departed member's personal data is
// kept; then the hourly job replaces it with a pseudonym. What the money trail
// and the totals need stays (orders, payments, points, dues, counts); what
// names or reaches the person goes: profile values and their history, family
// members (and their copies on orders), addresses (and on orders), messages'
// text, sign-up and lottery answers, devices, addresses seen, codes, the outbox, and the
// files they uploaded. Each erasure is claimed by a conditional update, so a
// member reset (rejoining) in the meantime is never erased, and is audited.
import { Type as t } from "@sinclair/typebox";
import { and, asc, eq, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import {
  addresses,
  announcementReads,
  calendarFeeds,
  cartRows,
  chatMessages,
  chatSessions,
  families,
  files,
  loginLog,
  lotteryEntries,
  surveyBallots,
  newsReads,
  operationLog,
  orderFamilies,
  orderItems,
  orders,
  outbox,
  privacyConfig,
  privacyConsents,
  propertyLog,
  sessions,
  smsNumbers,
  userValues,
  users,
  verificationCodes,
  visitLog,
} from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { USER_STATE } from "../../protocol/enumerations";
import { refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { isoOf } from "../shared/fields";
import { namesOf } from "../shared/member-names";
import { clearFactors } from "../second-factor/factors";

const DAY_MS = 86_400_000;
/** The shortest and longest keep an administrator may set: a month (a leave entered by mistake is reset in time), ten years. */
export const KEEP_DAYS = { min: 30, max: 3650 } as const;
/** Members erased in one tick of the job: a large leave import is worked through over the following ticks. */
const PER_TICK = 50;

export const keepInput = t.Object({ keepDays: t.Union([t.Integer(), t.Null()]) });

async function keepDaysOf(ctx: Pick<Ctx, "db">): Promise<number | null> {
  const [row] = await ctx.db.select({ keepDays: privacyConfig.keepDays }).from(privacyConfig).where(eq(privacyConfig.id, 1));
  return row?.keepDays ?? null;
}

/** Departed, not erased, and left before the cutoff: who is due. */
const dueWhere = (cutoff: Date) => and(eq(users.state, USER_STATE.USER_STATE_LEFT), isNull(users.erasedAt), lte(users.leftAt, cutoff));

/** POST /privacy/config: the keep, and who is erased next and when (the 20 soonest). */
export async function privacySettings({ ctx }: { ctx: MemberCtx }) {
  const keepDays = await keepDaysOf(ctx);
  const departed = await ctx.db
    .select({ id: users.id, employees: users.employees, leftAt: users.leftAt })
    .from(users)
    .where(and(eq(users.state, USER_STATE.USER_STATE_LEFT), isNull(users.erasedAt)))
    .orderBy(asc(users.leftAt), asc(users.id))
    .limit(keepDays === null ? 0 : 20);
  const names = await namesOf(ctx, departed.map((d) => d.id));
  return {
    keepDays,
    limits: KEEP_DAYS,
    next: departed.map((d) => ({
      user: { id: d.id, employees: d.employees, name: names.get(d.id) ?? null },
      leftAt: isoOf(d.leftAt),
      // The job's next tick after this moment erases them (an hour at the most).
      eraseAt: isoOf(d.leftAt ? new Date(d.leftAt.getTime() + keepDays! * DAY_MS) : null),
    })),
  };
}

/** POST /privacy/config/save: how many days a departed member's data is kept, or null to keep it. */
export async function saveKeepDays({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof keepInput.static }) {
  const { keepDays } = input;
  if (keepDays !== null && (keepDays < KEEP_DAYS.min || keepDays > KEEP_DAYS.max)) refuseField("keepDays", KEEP_DAYS);
  const row = { keepDays, updatedAt: ctx.now, updatedBy: ctx.actor.id };
  await ctx.db.insert(privacyConfig).values({ id: 1, ...row }).onConflictDoUpdate({ target: privacyConfig.id, set: row });
  return { keepDays, audit: { entity: "privacy", id: 1, detail: keepDays === null ? "kept" : `${keepDays} days` } };
}

/** The job's tick: erases the members due, each claimed first; answers who, and the files to remove from storage after the commit. */
export async function eraseDeparted(ctx: CommandCtx): Promise<{ erased: number[]; files: string[] }> {
  const keepDays = await keepDaysOf(ctx);
  if (keepDays === null) return { erased: [], files: [] };
  const cutoff = new Date(ctx.now.getTime() - keepDays * DAY_MS);
  const due = await ctx.db.select({ id: users.id }).from(users).where(dueWhere(cutoff)).orderBy(asc(users.leftAt), asc(users.id)).limit(PER_TICK);
  const erased: number[] = [];
  const keys = new Set<string>();
  for (const { id } of due) {
    const uploads = await eraseMember(ctx, id, cutoff);
    if (uploads === null) continue;
    erased.push(id);
    for (const key of uploads) keys.add(key);
    await ctx.db.insert(operationLog).values({ userId: null, targetUserId: id, action: "member.erase", targetEntity: "user", targetId: String(id), detail: `${keepDays} days after leaving`, createdAt: ctx.now });
  }
  // A file is removed only when no row names its key any more: equal files share one.
  const still = keys.size ? new Set((await ctx.db.select({ key: files.key }).from(files).where(inArray(files.key, [...keys]))).map((f) => f.key)) : new Set<string>();
  return { erased, files: [...keys].filter((key) => !still.has(key)) };
}

/** After the commit, outside any transaction: the erased members' uploads leave the storage. */
export async function removeErasedFiles(ctx: Ctx, result: { files: string[] }) {
  for (const key of result.files) await ctx.app.providers.storage.delete(key);
}

/**
 * Replaces one departed member's personal data by a pseudonym, in the tick's
 * transaction; null when they are no longer due (reset meanwhile). Answers
 * the storage keys of their uploads.
 */
async function eraseMember(ctx: CommandCtx, id: number, cutoff: Date): Promise<string[] | null> {
  const { db } = ctx;
  const [before] = await db.select({ employees: users.employees, phone: users.phone, mail: users.mail }).from(users).where(eq(users.id, id));
  const [claimed] = await db
    .update(users)
    .set({ employees: `erased-${id}`, phone: null, mail: null, passwordHash: null, nationalityId: null, language: null, erasedAt: ctx.now, updatedAt: ctx.now })
    .where(and(eq(users.id, id), dueWhere(cutoff)))
    .returning({ id: users.id });
  if (!claimed || !before) return null;
  const pseudonym = `erased-${id}`;
  const contacts = [before.employees, before.phone, before.mail].filter((c): c is string => !!c);
  const items = db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.userId, id));
  const threads = db.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.userId, id));

  await db.delete(userValues).where(eq(userValues.userId, id));
  await db.delete(propertyLog).where(eq(propertyLog.userId, id));
  await db.update(orderFamilies).set({ name: pseudonym, identity: sql`'erased-' || ${orderFamilies.id}`, phone: null, birthday: null }).where(inArray(orderFamilies.itemId, items));
  await db.delete(families).where(eq(families.userId, id));
  await db.delete(addresses).where(eq(addresses.userId, id));
  await db.update(orders).set({ liaison: "", phone: "", address0: "", address1: "", address2: "", address3: "", addressInfo: "" }).where(eq(orders.userId, id));
  await db.update(orderItems).set({ properties: [], quests: [] }).where(eq(orderItems.userId, id));
  // A lottery application keeps its number and rank (the published draw is every application); what it answered goes.
  await db.update(lotteryEntries).set({ input: {} }).where(eq(lotteryEntries.userId, id));
  // A named survey's answers stay in its tally, no longer anyone's.
  await db.update(surveyBallots).set({ userId: null, answeredAt: null }).where(eq(surveyBallots.userId, id));
  await db.update(chatMessages).set({ content: "" }).where(inArray(chatMessages.sessionId, threads));
  await db.update(loginLog).set({ account: pseudonym, ip: null, userAgent: null }).where(or(eq(loginLog.userId, id), contacts.length ? inArray(loginLog.account, contacts) : sql`false`));
  await db.update(visitLog).set({ ip: null, params: null }).where(eq(visitLog.userId, id));
  await db.update(operationLog).set({ ip: null, detail: null }).where(and(or(eq(operationLog.userId, id), eq(operationLog.targetUserId, id)), notInArray(operationLog.action, ["member.erase"])));
  await db.delete(sessions).where(or(eq(sessions.userId, id), eq(sessions.pendingUserId, id)));
  await clearFactors(ctx, id);
  // Which notice they accepted and when stays (the proof of consent); from where goes.
  await db.update(privacyConsents).set({ ip: null }).where(eq(privacyConsents.userId, id));
  await db.delete(verificationCodes).where(or(eq(verificationCodes.userId, id), contacts.length ? inArray(verificationCodes.target, contacts) : sql`false`));
  await db.delete(outbox).where(or(eq(outbox.userId, id), contacts.length ? inArray(outbox.to, contacts) : sql`false`));
  if (before.phone) await db.update(smsNumbers).set({ phone: "" }).where(eq(smsNumbers.phone, before.phone));
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, id));
  await db.delete(cartRows).where(eq(cartRows.userId, id));
  await db.delete(newsReads).where(eq(newsReads.userId, id));
  await db.delete(announcementReads).where(eq(announcementReads.userId, id));
  const uploads = await db.delete(files).where(eq(files.userId, id)).returning({ key: files.key });
  return uploads.map((u) => u.key);
}
