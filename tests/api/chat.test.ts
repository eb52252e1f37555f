// The union mailbox (spec 2 sections 2-5, spec 3 section 2.6): sessions,
// conversations, the reply rule, both sides' unread marks, escaping, empty
// text, someone else's session, the managers' power, the operation log, and
// two replies racing (PGlite here, PostgreSQL with TEST_DATABASE_URL).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, count, eq } from "drizzle-orm";
import { chatMessages, chatSessions, operationLog, users } from "../../src/db/schema";
import type { ApiClient } from "../../src/protocol/client";
import { CHAT_MAX_LENGTH, CHAT_PAGE_SIZE } from "../../src/protocol/limits";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
}, 60_000);
afterEach(() => t.close());

type Answer = Record<string, any>;
const MINUTE = 60_000;

const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
const sessions = (c: ApiClient, side: "user" | "manager", index = 1) => c.call<Answer>(`/chat/session/${side}` as never, { index } as never);
const read = (c: ApiClient, side: "user" | "manager", id: number) => c.call<Answer>(`/chat/session/${side}/message` as never, { id } as never);
const send = (c: ApiClient, content: string, id?: number) => c.call<Answer>("/chat/session/send", id === undefined ? { content } : { content, id });
const messageCount = async () => (await t.db.select({ n: count() }).from(chatMessages))[0]!.n;
const sessionRow = async (id: number) => (await t.db.select().from(chatSessions).where(eq(chatSessions.id, id)))[0]!;

/** A member's new session, answered by the operator: the member may then reply. */
async function answered(member: ApiClient, manager: ApiClient, question = "问题") {
  const opened = await send(member, question);
  expect(opened.message.code).toBe("SUCCESS");
  t.clock.advance(MINUTE);
  expect((await send(manager, "回复", opened.id)).message.code).toBe("SUCCESS");
  t.clock.advance(MINUTE);
  return opened.id as number;
}

describe("the demo mailbox", () => {
  test("cn100001 has the union's answer unread; the list shows the first message, its writer and date, and the latest reply", async () => {
    const member = await t.as("cn100001");
    const answer = await sessions(member, "user");
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer).toMatchObject({ count: 1, max: 1, index: 1, unread: 1 });
    const [s] = answer.list;
    expect(s).toMatchObject({ user: { employees: "cn100001" }, readed: false, content: expect.stringContaining("会员体检") });
    expect(new Date(s.date).getTime()).toBeLessThan(t.clock.now().getTime());
    expect(s.messages).toHaveLength(1);
    // To a member the union answers, not a named colleague.
    expect(s.messages[0]).toMatchObject({ user: null, fromManager: true, mine: false, content: expect.stringContaining("体检预约") });
    expect(new Date(s.messages[0].date).getTime()).toBeGreaterThan(new Date(s.date).getTime());
  });

  test("the managers see both sessions, cn100002's waiting unread, and which colleague answered", async () => {
    const operator = await t.as("cn000003");
    const { list, count: n } = await sessions(operator, "manager");
    expect(n).toBe(2);
    // Newest activity first: cn100002 wrote a day ago, the union answered cn100001 two days ago.
    expect(list.map((s: Answer) => [s.user.employees, s.readed])).toEqual([
      ["cn100002", false],
      ["cn100001", true],
    ]);
    expect(list[0].messages).toEqual([]);
    expect(list[1].messages[0]).toMatchObject({ user: { employees: "cn000003" }, fromManager: true, mine: true });
  });
});

describe("a conversation", () => {
  test("a member's first message opens a session the managers see unread; the member waits", async () => {
    const member = await t.as("cn100002");
    const opened = await send(member, "  Where do I collect my gift?  ");
    expect(opened.message.code).toBe("SUCCESS");
    expect(opened.id).toEqual(expect.any(Number));
    const row = await sessionRow(opened.id);
    expect(row).toMatchObject({ userId: await userId("cn100002"), userRead: true, managerRead: false });

    const own = await sessions(member, "user");
    expect(own.list[0]).toMatchObject({ id: opened.id, content: "Where do I collect my gift?", readed: true, messages: [] });

    const thread = await read(member, "user", opened.id);
    expect(thread.messages).toEqual([
      { id: expect.any(Number), user: { id: await userId("cn100002"), employees: "cn100002" }, mine: true, fromManager: false, content: "Where do I collect my gift?", date: t.clock.now().toISOString() },
    ]);
    expect(thread.session).toMatchObject({ id: opened.id, user: { employees: "cn100002" } });
    expect(thread.canReply).toBe(false);

    // One message, and it is theirs: no second until the union answers.
    const before = await messageCount();
    expect((await send(member, "Anyone?", opened.id)).message.code).toBe("ERROR_CHAT_WAIT");
    expect(await messageCount()).toBe(before);

    const admin = await t.as("cn000001");
    expect((await sessions(admin, "manager")).list[0]).toMatchObject({ id: opened.id, readed: false, user: { employees: "cn100002" } });
  });

  test("reading clears the reader's mark; an answer marks it for the other side; the member replies once per answer", async () => {
    const member = await t.as("cn100002");
    const admin = await t.as("cn000001");
    const opened = await send(member, "Question");
    t.clock.advance(MINUTE);

    const seen = await read(admin, "manager", opened.id);
    expect(seen.canReply).toBe(true);
    expect(seen.messages[0]).toMatchObject({ user: { employees: "cn100002" }, mine: false, fromManager: false });
    expect((await sessionRow(opened.id)).managerRead).toBe(true);
    expect((await sessions(admin, "manager")).list.find((s: Answer) => s.id === opened.id).readed).toBe(true);

    expect((await send(admin, "Answer", opened.id)).message.code).toBe("SUCCESS");
    expect(await sessionRow(opened.id)).toMatchObject({ userRead: false, managerRead: true });
    const unread = (await sessions(member, "user")).list[0];
    expect(unread).toMatchObject({ id: opened.id, readed: false, messages: [{ user: null, fromManager: true, content: "Answer" }] });

    t.clock.advance(MINUTE);
    const thread = await read(member, "user", opened.id);
    expect(thread.messages.map((m: Answer) => [m.content, m.mine, m.fromManager, m.user])).toEqual([
      ["Question", true, false, { id: await userId("cn100002"), employees: "cn100002" }],
      ["Answer", false, true, null],
    ]);
    expect(thread.canReply).toBe(true);
    expect((await sessions(member, "user")).list[0].readed).toBe(true);

    expect((await send(member, "Thanks", opened.id)).message.code).toBe("SUCCESS");
    expect(await sessionRow(opened.id)).toMatchObject({ userRead: true, managerRead: false });
    expect((await read(member, "user", opened.id)).canReply).toBe(false);
    expect((await send(member, "And another thing", opened.id)).message.code).toBe("ERROR_CHAT_WAIT");

    // Managers answer at will, one message after another.
    expect((await send(admin, "You are welcome", opened.id)).message.code).toBe("SUCCESS");
    expect((await send(admin, "One more note", opened.id)).message.code).toBe("SUCCESS");
    const full = await read(admin, "manager", opened.id);
    expect(full.messages.map((m: Answer) => m.content)).toEqual(["Question", "Answer", "Thanks", "You are welcome", "One more note"]);
    expect(full.messages.filter((m: Answer) => m.mine).length).toBe(3);
  });

  test("messages come in date order, and a session with a new message moves to the top", async () => {
    const member = await t.as("cn100001");
    const operator = await t.as("cn000003");
    const first = await send(member, "第一个问题");
    t.clock.advance(MINUTE);
    const second = await send(member, "第二个问题");
    t.clock.advance(MINUTE);
    expect((await sessions(member, "user")).list.map((s: Answer) => s.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect((await send(operator, "答复", first.id)).message.code).toBe("SUCCESS");
    const list = (await sessions(member, "user")).list;
    expect(list.map((s: Answer) => s.id).slice(0, 2)).toEqual([first.id, second.id]);
    expect(list[0].messages[0]).toMatchObject({ content: "答复", date: t.clock.now().toISOString() });
    expect(list[0].content).toBe("第一个问题");
  });

  test("ten sessions a page, newest activity first, the page clamped to 1..max", async () => {
    const member = await t.as("cn100002");
    for (let i = 0; i < 11; i++) {
      expect((await send(member, `message ${i}`)).message.code).toBe("SUCCESS");
      t.clock.advance(MINUTE);
    }
    const first = await sessions(member, "user");
    // Eleven new sessions beside the demo one.
    expect(first).toMatchObject({ count: 12, max: 2, index: 1 });
    expect(first.list).toHaveLength(CHAT_PAGE_SIZE);
    expect(first.list[0].content).toBe("message 10");
    const last = await sessions(member, "user", 99);
    expect(last.index).toBe(2);
    expect(last.list.map((s: Answer) => s.content)).toEqual(["message 0", expect.stringContaining("Hello")]);
    expect((await sessions(member, "user", -3)).index).toBe(1);
    const admin = await t.as("cn000001");
    expect(await sessions(admin, "manager", 2)).toMatchObject({ count: 13, max: 2, index: 2 });
    // An unread answer in a session on the second page still counts for the home page's mark.
    expect(first.unread).toBe(0);
    await t.db.update(chatSessions).set({ userRead: false }).where(eq(chatSessions.id, last.list[0].id));
    const again = await sessions(member, "user");
    expect(again.list.every((s: Answer) => s.readed)).toBe(true);
    expect(again.unread).toBe(1);
  });
});

describe("what is refused", () => {
  test("empty or whitespace-only text is refused naming the content, and nothing is written", async () => {
    const member = await t.as("cn100001");
    const operator = await t.as("cn000003");
    const id = await answered(member, operator);
    const before = await messageCount();
    const sessionsBefore = (await t.db.select({ n: count() }).from(chatSessions))[0]!.n;
    for (const content of ["", "   ", "\n\t \u3000"]) {
      expect((await send(member, content)).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "content" } });
      expect((await send(member, content, id)).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "content" } });
      expect((await send(operator, content, id)).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "content" } });
    }
    expect(await messageCount()).toBe(before);
    expect((await t.db.select({ n: count() }).from(chatSessions))[0]!.n).toBe(sessionsBefore);
    // The member's turn is still theirs.
    expect((await read(member, "user", id)).canReply).toBe(true);
  });

  test(`a message is at most ${CHAT_MAX_LENGTH} characters as typed; longer is refused naming the content`, async () => {
    const member = await t.as("cn100002");
    expect((await send(member, "字".repeat(CHAT_MAX_LENGTH + 1))).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "content", max: CHAT_MAX_LENGTH } });
    // Brackets count once as typed, though stored escaped.
    const long = await send(member, "<".repeat(CHAT_MAX_LENGTH));
    expect(long.message.code).toBe("SUCCESS");
    expect((await read(member, "user", long.id)).messages[0].content).toBe("&lt;".repeat(CHAT_MAX_LENGTH));
    // Past what any form sends, the body itself is refused.
    expect((await send(member, "x".repeat(20_001))).message.code).toBe("ERROR_PARAMS");
  });

  test("angle brackets are escaped on the way in, so no markup is stored or answered", async () => {
    const member = await t.as("cn100001");
    const operator = await t.as("cn000003");
    const opened = await send(member, `<script>alert("x")</script> <img src=x onerror=alert(1)> 1 < 2 & 3 > 2`);
    const escaped = `&lt;script&gt;alert("x")&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; 1 &lt; 2 & 3 &gt; 2`;
    const [stored] = await t.db.select().from(chatMessages).where(eq(chatMessages.sessionId, opened.id));
    expect(stored!.content).toBe(escaped);
    expect((await sessions(operator, "manager")).list[0].content).toBe(escaped);
    expect((await send(operator, "<b>bold</b>", opened.id)).message.code).toBe("SUCCESS");
    expect((await read(member, "user", opened.id)).messages[1].content).toBe("&lt;b&gt;bold&lt;/b&gt;");
  });

  test("someone else's session is nothing to a member: not read, not answered, not marked", async () => {
    const owner = await t.as("cn100001");
    const other = await t.as("cn100002");
    const id = (await sessions(owner, "user")).list[0].id;
    const before = await sessionRow(id);
    expect((await read(other, "user", id)).message.code).toBe("ERROR_RESULT_NULL");
    expect((await send(other, "hello", id)).message.code).toBe("ERROR_RESULT_NULL");
    expect(await sessionRow(id)).toEqual(before);
    expect((await sessions(other, "user")).list.map((s: Answer) => s.id)).not.toContain(id);
    // A session that does not exist, for either side.
    const admin = await t.as("cn000001");
    expect((await read(admin, "manager", 999_999)).message.code).toBe("ERROR_RESULT_NULL");
    expect((await send(admin, "hello", 999_999)).message.code).toBe("ERROR_RESULT_NULL");
    expect((await read(owner, "user", 999_999)).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("only mailbox managers list every session and read any thread; the editor is not one", async () => {
    const id = (await sessions(await t.as("cn100001"), "user")).list[0].id;
    for (const account of ["cn100001", "cn100002", "cn000002"]) {
      const c = await t.as(account);
      expect((await sessions(c, "manager")).message.code).toBe("ERROR_NOT_POWER");
      expect((await read(c, "manager", id)).message.code).toBe("ERROR_NOT_POWER");
    }
    for (const account of ["cn000001", "cn000003"]) {
      const c = await t.as(account);
      expect((await sessions(c, "manager")).message.code).toBe("SUCCESS");
      expect((await read(c, "manager", id)).message.code).toBe("SUCCESS");
    }
    const visitor = t.client();
    for (const path of ["/chat/session/user", "/chat/session/manager"]) expect((await visitor.call(path as never, { index: 1 } as never)).message.code).toBe("ERROR_LOGIN_CODE");
    expect((await visitor.call("/chat/session/send", { content: "hi" })).message.code).toBe("ERROR_LOGIN_CODE");
  });

  test("a manager answers and does not open sessions (no compose box for managers)", async () => {
    const admin = await t.as("cn000001");
    const before = (await t.db.select({ n: count() }).from(chatSessions))[0]!.n;
    expect((await send(admin, "A session of my own")).message.code).toBe("ERROR_NOT_POWER");
    expect((await t.db.select({ n: count() }).from(chatSessions))[0]!.n).toBe(before);
    // The editor holds no mailbox power: a member like any other.
    const editor = await t.as("cn000002");
    expect((await send(editor, "Hello union")).message.code).toBe("SUCCESS");
  });
});

describe("the record", () => {
  test("every message leaves an operation-log row naming the session and its member; reading leaves none", async () => {
    const member = await t.as("cn100002");
    const operator = await t.as("cn000003");
    const id = await answered(member, operator);
    await read(member, "user", id);
    const rows = await t.db.select().from(operationLog).where(eq(operationLog.action, "chat.send"));
    expect(rows).toHaveLength(2);
    const memberId = await userId("cn100002");
    expect(rows.map((r) => [r.userId, r.targetUserId, r.targetEntity, r.targetId])).toEqual([
      [memberId, memberId, "chat_session", String(id)],
      [await userId("cn000003"), memberId, "chat_session", String(id)],
    ]);
    expect(rows.every((r) => /^message \d+$/.test(r.detail ?? ""))).toBe(true);
    const refused = await send(member, " ");
    expect(refused.message.code).toBe("ERROR_PARAMS");
    expect(await t.db.select().from(operationLog).where(eq(operationLog.action, "chat.send"))).toHaveLength(2);
  });
});

describe("races", () => {
  test("two replies of a member at the same instant: one passes the rule, the other waits", async () => {
    const member = await t.as("cn100001");
    const second = await t.as("cn100001");
    const operator = await t.as("cn000003");
    for (let round = 0; round < 3; round++) {
      const id = await answered(member, operator, `问题 ${round}`);
      const answers = await Promise.all([send(member, "回复一", id), send(second, "回复二", id)]);
      expect(answers.map((a) => a.message.code).sort()).toEqual(["ERROR_CHAT_WAIT", "SUCCESS"]);
      const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.sessionId, id));
      expect(rows).toHaveLength(3);
      expect(rows.filter((r) => !r.fromManager)).toHaveLength(2);
    }
  });

  test("two managers answering at once both get through, and the member's mark is set once", async () => {
    const member = await t.as("cn100002");
    const admin = await t.as("cn000001");
    const operator = await t.as("cn000003");
    const opened = await send(member, "Question");
    const answers = await Promise.all([send(admin, "Answer A", opened.id), send(operator, "Answer B", opened.id)]);
    expect(answers.map((a) => a.message.code)).toEqual(["SUCCESS", "SUCCESS"]);
    const rows = await t.db.select().from(chatMessages).where(and(eq(chatMessages.sessionId, opened.id), eq(chatMessages.fromManager, true)));
    expect(rows).toHaveLength(2);
    expect(await sessionRow(opened.id)).toMatchObject({ userRead: false, managerRead: true });
  });
});
