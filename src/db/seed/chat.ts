// Demo mailbox: cn100001 asked the union a question and a manager answered,
// an answer the member has not read yet (so home shows the unread mark);
// cn100002 wrote in English and waits for an answer. Times are relative to
// the seeding moment, all before it.
import type { DbOrTx } from "../client";
import { chatMessages, chatSessions } from "../schema";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Line = { from: "member" | "manager"; content: string; ago: number };

async function thread(tx: DbOrTx, now: Date, member: number, manager: number, lines: Line[]) {
  const at = (ago: number) => new Date(now.getTime() - ago);
  const last = lines[lines.length - 1]!;
  const [session] = await tx
    .insert(chatSessions)
    .values({
      userId: member,
      userRead: last.from === "member",
      managerRead: last.from === "manager",
      createdAt: at(lines[0]!.ago),
      updatedAt: at(last.ago),
    })
    .returning({ id: chatSessions.id });
  await tx.insert(chatMessages).values(
    lines.map((l) => ({
      sessionId: session!.id,
      userId: l.from === "member" ? member : manager,
      fromManager: l.from === "manager",
      content: l.content,
      createdAt: at(l.ago),
    })),
  );
}

export async function seedDemoChat(tx: DbOrTx, now: Date, ids: { member: number; foreigner: number; manager: number }) {
  await thread(tx, now, ids.member, ids.manager, [
    { from: "member", content: "您好，请问今年的会员体检什么时候开始预约？可以带家属一起参加吗？", ago: 3 * DAY + 2 * HOUR },
    { from: "manager", content: "您好！今年的体检预约将于3月中旬开放，届时会在首页发布通知。家属可自费参加，报名时在家属窗口选择即可。", ago: 2 * DAY + 5 * HOUR },
  ]);
  await thread(tx, now, ids.foreigner, ids.manager, [
    { from: "member", content: "Hello, is there an English version of the annual benefits handbook? Thank you.", ago: DAY + 3 * HOUR },
  ]);
}
