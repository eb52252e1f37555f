// One mailbox conversation (spec 2 section 2 "Mailbox", spec 3 section 2.6):
// the back link, the messages in date order (the reader's side on the right:
// a member's own messages, or for a manager every staff answer, a colleague's
// too; the other side's on the left), scrolled to the newest once loaded, and the
// reply box. A member sees the union as "Labor Union Manager" and may reply
// only after the union has answered (else the notice that the mailbox is not
// real-time); a manager sees the member by employee number and answers at
// will. Opening it marks the conversation read for the reader's side.
import { formatChinaDateTime } from "../../lib/china-time";
import { useLayoutEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import type { readSession } from "../../../src/domains/chat/service";
import { unescapeAngles } from "../../../src/protocol/identity";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { showMessage } from "../../components/message-box";
import { resultText, useT } from "../../i18n";
import { useLoader } from "../../lib/use-loaded";
import { ChatCompose } from "./chat-compose";

export type Side = "user" | "manager";
// The route kit does not carry a command's answer type to the client: it is read from the verb.
type Thread = Awaited<ReturnType<typeof readSession>>;
type Message = Thread["messages"][number];

/** The id in ?id=, or null when there is none worth asking about. */
export function useSessionId(): number | null {
  const raw = new URLSearchParams(useSearch()).get("id");
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
}

/** Where a thread's back link and breadcrumb lead when not the mailbox (/session/list): the system page's table of all messages it was opened from (issue 29). */
export type ThreadHome = { href: string; label: string };

/** The conversation whose id the page's address names; `side` says whose view it is. */
export function ChatThread({ id, side, title, home }: { id: number | null; side: Side; title: string; home?: ThreadHome }) {
  const t = useT();
  const log = useRef<HTMLOListElement>(null);
  // Read again after a reply; what is shown stays meanwhile, and when a reading fails.
  const loaded = useLoader<Thread | "missing">(
    async (alive, shown) => {
      if (id === null) return false;
      const answer = await api.call<"/chat/session/user/message" | "/chat/session/manager/message", Thread>(side === "user" ? "/chat/session/user/message" : "/chat/session/manager/message", { id });
      if (isSuccess(answer) && answer.messages && answer.session) return { session: answer.session, messages: answer.messages, canReply: answer.canReply ?? false };
      if (answer.message.code === "ERROR_RESULT_NULL") return "missing";
      if (alive()) void showMessage(resultText(t, answer.message));
      return shown ?? false;
    },
    [id, side],
    { keep: true },
  );
  const missing = loaded.value === "missing";
  const thread = loaded.value && loaded.value !== "missing" ? loaded.value : null;

  // The newest message in sight once they are drawn (spec 2: scrolls to the bottom after loading).
  useLayoutEffect(() => {
    const box = log.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [thread]);

  const to = home ?? { href: "/session/list", label: t("page.chatList") };
  const back = (
    <Link href={to.href} className="chat-back" data-testid="chat-back">
      <span aria-hidden="true">‹ </span>
      {t("mailbox.back")}
    </Link>
  );

  if (id === null || missing)
    return (
      <>
        <PageHead title={title} trail={[{ label: to.label, href: to.href }, { label: title }]} />
        <div className="panel notice-panel" data-testid="chat-missing">
          <p>{t(id === null ? "mailbox.pick" : "mailbox.missing")}</p>
          {back}
        </div>
      </>
    );

  const member = thread?.session.user.employees ?? "";
  const named = thread?.session.user.name;
  const heading = side === "manager" && thread ? t("mailbox.threadWith", { employees: named ? t("mailbox.nameAndNumber", { name: named, employees: member }) : member }) : t("mailbox.thread");
  /** Who wrote it, as this reader names them: the union is "Labor Union Manager", a member their employee number. */
  /** On the reader's side: a member's own messages; for a manager, every answer of the union's, whoever on the staff wrote it. */
  const ours = (m: Message) => (side === "manager" ? m.fromManager : m.mine);
  const author = (m: Message) => {
    if (!m.fromManager) return m.user?.employees ?? member;
    // Managers see which colleague answered, beside the union's name.
    return side === "manager" && m.user ? `${t("mailbox.manager")} · ${m.user.employees ?? ""}` : t("mailbox.manager");
  };

  return (
    <>
      <PageHead title={title} trail={[{ label: to.label, href: to.href }, { label: title }]} />
      <section className="panel chat-thread" aria-labelledby="chat-thread-title" aria-busy={thread === null}>
        <header className="chat-thread-head">
          {back}
          <h2 id="chat-thread-title">{heading}</h2>
        </header>
        <ol className="chat-log" ref={log} tabIndex={0} aria-label={t("mailbox.messages")} data-testid="chat-log">
          {thread?.messages.map((m) => (
            <li key={m.id} className={ours(m) ? "chat-message chat-mine" : "chat-message chat-theirs"} data-testid="chat-message" data-mine={m.mine} data-side={ours(m) ? "ours" : "theirs"}>
              <div className="chat-meta">
                <span className="chat-author">{author(m)}</span>
                <time dateTime={m.date}>{formatChinaDateTime(m.date)}</time>
              </div>
              <p className="chat-bubble">{unescapeAngles(m.content)}</p>
            </li>
          ))}
        </ol>
        {thread ? (
          thread.canReply ? (
            <ChatCompose
              id="chat-reply"
              label={t("mailbox.replyLabel")}
              button={t("mailbox.replyButton")}
              session={thread.session.id}
              onSent={loaded.reload}
            />
          ) : (
            <p className="chat-wait" role="note" data-testid="chat-wait">
              {t("result.ERROR_CHAT_WAIT")}
            </p>
          )
        ) : null}
      </section>
    </>
  );
}
