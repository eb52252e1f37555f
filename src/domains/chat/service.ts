// The union mailbox (spec 2 sections 2-5, spec 3 section 2.6): a member's
// first message opens a session; managers (FUNCTION_CHAT_OPERATION) see every
// session and answer in any of them as "the union"; the member answers only
// after the union has. Each side has its own unread mark: a message marks the
// session unread for the other side, reading it clears the reader's side.
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { chatMessages, chatSessions, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { cleanText } from "../../protocol/identity";
import { CHAT_MAX_LENGTH, CHAT_PAGE_SIZE } from "../../protocol/limits";
import { page, refuse, refuseField } from "../../protocol/result";
import { can, type Ctx, type MemberCtx } from "../context";
import { namesOf } from "../shared/member-names";
import { memberMayReply } from "./rules";

/** Whose view: the member's own sessions, or the managers' view of all. */
export type Side = "user" | "manager";

type MessageRow = typeof chatMessages.$inferSelect;
type Author = { id: number; employees: string | null };

/**
 * A message as one side sees it. To a member a manager's message is the
 * union's: which colleague wrote it stays among the managers (user is null).
 */
function messageView(side: Side, actorId: number, m: MessageRow, author: Author) {
  return {
    id: m.id,
    user: side === "user" && m.fromManager ? null : { id: author.id, employees: author.employees },
    mine: m.userId === actorId,
    fromManager: m.fromManager,
    content: m.content,
    date: m.createdAt.toISOString(),
  };
}

const author = { id: users.id, employees: users.employees };

/** One message per session, the first or the newest, with its author. */
async function edgeMessages(ctx: Pick<Ctx, "db">, sessionIds: number[], which: "first" | "last") {
  const { db } = ctx;
  if (!sessionIds.length) return new Map<number, { m: MessageRow; a: Author }>();
  const rows = await db
    .selectDistinctOn([chatMessages.sessionId], { m: chatMessages, a: author })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(inArray(chatMessages.sessionId, sessionIds))
    .orderBy(chatMessages.sessionId, which === "first" ? asc(chatMessages.id) : desc(chatMessages.id));
  return new Map(rows.map((r) => [r.m.sessionId, r]));
}

/**
 * A page of sessions, newest activity first: each with its first message
 * (content, date, the member who wrote it), the latest reply after it, and
 * whether the side asking has read everything in it (`readed`); `unread`
 * counts that side's unread sessions on every page (the home page's mark).
 */
export async function listSessions(ctx: MemberCtx, side: Side, index: number | undefined) {
  const where: SQL | undefined = side === "user" ? eq(chatSessions.userId, ctx.actor.id) : undefined;
  const unreadBy = side === "user" ? eq(chatSessions.userRead, false) : eq(chatSessions.managerRead, false);
  const [[{ n }], [{ unread }]] = (await Promise.all([
    ctx.db.select({ n: count() }).from(chatSessions).where(where),
    ctx.db.select({ unread: count() }).from(chatSessions).where(and(where, unreadBy)),
  ])) as [[{ n: number }], [{ unread: number }]];
  const p = page(index, n, CHAT_PAGE_SIZE);
  const rows = await ctx.db
    .select({ s: chatSessions, owner: author })
    .from(chatSessions)
    .innerJoin(users, eq(users.id, chatSessions.userId))
    .where(where)
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(p.size)
    .offset(p.offset);
  const ids = rows.map((r) => r.s.id);
  const [firsts, lasts, names] = await Promise.all([edgeMessages(ctx, ids, "first"), edgeMessages(ctx, ids, "last"), ownerNames(ctx, side, rows.map((r) => r.owner.id))]);
  return {
    list: rows.map(({ s, owner }) => {
      const first = firsts.get(s.id);
      const last = lasts.get(s.id);
      return {
        id: s.id,
        user: { ...owner, name: names.get(owner.id) ?? null },
        content: first?.m.content ?? "",
        date: (first?.m.createdAt ?? s.createdAt).toISOString(),
        readed: side === "user" ? s.userRead : s.managerRead,
        // The latest reply, when anything came after the first message.
        messages: last && first && last.m.id !== first.m.id ? [messageView(side, ctx.actor.id, last.m, last.a)] : [],
      };
    }),
    count: p.count,
    max: p.max,
    index: p.index,
    unread: Number(unread),
  };
}

/** The members' names beside their employee numbers, for the managers (issue 29); a member reads their own threads without one. */
function ownerNames(ctx: Pick<Ctx, "db">, side: Side, ids: number[]): Promise<Map<number, string>> {
  return side === "manager" ? namesOf(ctx, ids) : Promise.resolve(new Map());
}

/** A session the side may see, or ERROR_RESULT_NULL (a member asking for someone else's learns nothing). */
async function visibleSession(ctx: MemberCtx, side: Side, id: number, lock = false) {
  const own = side === "user" ? eq(chatSessions.userId, ctx.actor.id) : undefined;
  const found = ctx.db.select().from(chatSessions).where(and(eq(chatSessions.id, id), own));
  const [row] = lock ? await found.for("update") : await found;
  if (!row) refuse("ERROR_RESULT_NULL");
  return row;
}

/**
 * The conversation in date order, and the reader's side marked read: a write,
 * so a command (its one transaction; a query runs read-only).
 */
export async function readSession({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }, side: Side) {
  const session = await visibleSession(ctx, side, input.id);
  const read = side === "user" ? { userRead: true } : { managerRead: true };
  if ((side === "user" ? session.userRead : session.managerRead) === false) await ctx.db.update(chatSessions).set(read).where(eq(chatSessions.id, session.id));
  const [owner] = await ctx.db.select(author).from(users).where(eq(users.id, session.userId));
  const rows = await ctx.db
    .select({ m: chatMessages, a: author })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.sessionId, session.id))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  const messages = rows.map((r) => messageView(side, ctx.actor.id, r.m, r.a));
  const names = await ownerNames(ctx, side, [owner!.id]);
  return {
    session: { id: session.id, user: { ...owner!, name: names.get(owner!.id) ?? null }, date: session.createdAt.toISOString() },
    messages,
    /** Whether this reader may answer now (managers always; a member after the union's answer). */
    canReply: side === "manager" || memberMayReply(messages),
  };
}

/** Trimmed, at most CHAT_MAX_LENGTH characters as typed, angle brackets escaped; empty text is refused (nothing written). */
function contentOf(raw: string): string {
  const text = raw.trim();
  if (!text) refuseField("content");
  if (text.length > CHAT_MAX_LENGTH) refuseField("content", { max: CHAT_MAX_LENGTH });
  return cleanText(text);
}

/**
 * Without id a member opens a session (answered with its id); with id a
 * reply: a manager in any session, a member in their own once the union has
 * answered (ERROR_CHAT_WAIT before). The session row is locked first, so two
 * replies racing see each other and only one passes the rule.
 */
export async function sendMessage({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { content: string; id?: number } }) {
  const content = contentOf(input.content);
  const manager = can(ctx, "FUNCTION_CHAT_OPERATION");
  const me = ctx.actor.id;
  if (input.id === undefined) {
    // Managers answer; they have no compose box (spec 2) and open no session.
    if (manager) refuse("ERROR_NOT_POWER");
    const [session] = await ctx.db
      .insert(chatSessions)
      .values({ userId: me, userRead: true, managerRead: false, createdAt: ctx.now, updatedAt: ctx.now })
      .returning();
    const [m] = await ctx.db.insert(chatMessages).values({ sessionId: session!.id, userId: me, fromManager: false, content, createdAt: ctx.now }).returning();
    return { id: session!.id, audit: { entity: "chat_session", id: session!.id, userId: me, detail: `message ${m!.id}` } };
  }
  const side: Side = manager ? "manager" : "user";
  const session = await visibleSession(ctx, side, input.id, true);
  if (!manager) {
    const last = await ctx.db
      .select({ userId: chatMessages.userId })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, session.id))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(2);
    // Newest first here: the rule reads them oldest first.
    if (!memberMayReply(last.reverse().map((m) => ({ mine: m.userId === me })))) refuse("ERROR_CHAT_WAIT");
  }
  const [m] = await ctx.db.insert(chatMessages).values({ sessionId: session.id, userId: me, fromManager: manager, content, createdAt: ctx.now }).returning();
  // The other side has something new; the writer has read everything.
  await ctx.db
    .update(chatSessions)
    .set({ updatedAt: ctx.now, ...(manager ? { userRead: false, managerRead: true } : { userRead: true, managerRead: false }) })
    .where(eq(chatSessions.id, session.id));
  return { id: session.id, audit: { entity: "chat_session", id: session.id, userId: session.userId, detail: `message ${m!.id}` } };
}
