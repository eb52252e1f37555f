// The union mailbox (spec 2 section 2 "Mailbox"): /session/list and
// /session/info?id=. A member sees their own sessions with unread marks and
// writes a new one (its conversation then opens); a mailbox manager
// (FUNCTION_CHAT_OPERATION) sees every session in a wider list, without the
// compose box, and answers on /system/chat?id= (ChatThread, in the staff chunk).
import { formatChinaDateTime } from "../../lib/china-time";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "wouter";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../src/domains/api";
import { unescapeAngles } from "../../../src/protocol/identity";
import { CHAT_PAGE_SIZE } from "../../../src/protocol/limits";
import { PageHead } from "../../components/breadcrumb";
import { type Column, CardList } from "../../components/card-list";
import { useT } from "../../i18n";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { hasPower, session } from "../../state/session";
import { ChatCompose } from "./chat-compose";
import { ChatThread, useSessionId } from "./chat-thread";

type Session = ItemOf<"/chat/session/user">;

const NO_FILTER = {};
const MANAGER = "FUNCTION_CHAT_OPERATION";

export function ChatListPage() {
  const t = useT();
  useSnapshot(session);
  return (
    <>
      <PageHead title={t("page.chatList")} />
      {hasPower(MANAGER) ? <ManagerSessions /> : <MemberSessions />}
    </>
  );
}

export function ChatInfoPage() {
  const t = useT();
  useSnapshot(session);
  return <ChatThread id={useSessionId()} side={hasPower(MANAGER) ? "manager" : "user"} title={t("page.chatInfo")} />;
}

/** The unread mark as words and a dot (a colour alone would tell a screen reader nothing). */
function Unread({ label }: { label: string }) {
  return (
    <span className="chat-unread" data-testid="chat-unread">
      {label}
    </span>
  );
}

/** Text as the member typed it, on at most a few lines. */
const Excerpt = ({ text }: { text: string }) => <span className="chat-excerpt">{unescapeAngles(text)}</span>;

function MemberSessions() {
  const t = useT();
  const [, navigate] = useLocation();
  const { list } = useFilteredPages("/chat/session/user", NO_FILTER, (_, index) => ({ index }));
  return (
    <>
      <section className="panel chat-new" aria-labelledby="chat-new-title">
        <h2 id="chat-new-title" className="chat-new-title">
          {t("mailbox.compose")}
        </h2>
        <ChatCompose id="chat-new" label={t("mailbox.compose")} button={t("mailbox.send")} hint={t("mailbox.composeHint")} onSent={(id) => navigate(`/session/info?id=${id}`)} />
      </section>
      <h2 className="section-title">{t("mailbox.sessions")}</h2>
      <div className="chat-sessions">
        <CardList
        {...list}
        rowKey={(s) => s.id}
        label={t("mailbox.sessions")}
        empty={t("mailbox.waiting")}
        itemTestId="chat-session"
        cardClass={(s) => (s.readed ? undefined : "is-marked")}
        card={(s) => <MemberCard session={s} />}
        />
      </div>
    </>
  );
}

function MemberCard({ session: s }: { session: Session }) {
  const t = useT();
  const reply = s.messages[0];
  return (
    <Link href={`/session/info?id=${s.id}`} className="chat-card">
      <div className="chat-card-head">
        <span className="chat-card-who">{s.user.employees}</span>
        {s.readed ? null : <Unread label={t("mailbox.unreadReply")} />}
        <time className="chat-card-date" dateTime={s.date}>
          {formatChinaDateTime(s.date)}
        </time>
      </div>
      <Excerpt text={s.content} />
      {reply ? (
        <div className="chat-card-reply">
          <span className="chat-card-reply-head">
            <span>{reply.fromManager ? t("mailbox.manager") : reply.user?.employees}</span>
            <time dateTime={reply.date}>{formatChinaDateTime(reply.date)}</time>
          </span>
          <Excerpt text={reply.content} />
        </div>
      ) : (
        <span className="chat-card-none">{t("mailbox.noReply")}</span>
      )}
    </Link>
  );
}

/** `/system?show=mailbox`: the system page opened on the table of all messages (a manager's way back from a thread opened there, `&from=mailbox`). */
export const MAILBOX_ANCHOR = "mailbox";

/** Every member's sessions; `reveal` is given on the system page (true: scrolled to and focused), whose threads lead back there. */
export function ManagerSessions({ reveal }: { reveal?: boolean }) {
  const t = useT();
  const { list } = useFilteredPages("/chat/session/manager", NO_FILTER, (_, index) => ({ index }));
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = list.list !== null;
  useEffect(() => {
    if (!reveal || !loaded) return;
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [reveal, loaded]);
  const columns: Column<Session>[] = [
    {
      key: "member",
      title: t("mailbox.member"),
      place: "title",
      render: (s) => (
        <span className="chat-member">
          <span className="chat-member-id">{s.user.employees}</span>
          {s.user.name ? <span className="chat-member-name">{s.user.name}</span> : null}
          {s.readed ? null : <Unread label={t("mailbox.unreadMember")} />}
        </span>
      ),
    },
    { key: "first", title: t("mailbox.first"), wide: true, render: (s) => <Excerpt text={s.content} /> },
    { key: "date", title: t("mailbox.date"), render: (s) => formatChinaDateTime(s.date) },
    {
      key: "reply",
      title: t("mailbox.reply"),
      wide: true,
      render: (s) => {
        const reply = s.messages[0];
        if (!reply) return <span className="chat-card-none">{t("mailbox.noReply")}</span>;
        return (
          <span className="chat-reply-cell">
            <span className="chat-reply-who">
              {reply.fromManager ? t("mailbox.manager") : reply.user?.employees} · {formatChinaDateTime(reply.date)}
            </span>
            <Excerpt text={reply.content} />
          </span>
        );
      },
    },
    {
      key: "open",
      title: t("mailbox.action"),
      place: "aside",
      render: (s) => (
        <Link href={`/system/chat?id=${s.id}${reveal !== undefined ? `&from=${MAILBOX_ANCHOR}` : ""}`} className="button button-quiet chat-open" aria-label={t("mailbox.openSession", { employees: s.user.employees ?? "" })}>
          {t("mailbox.open")}
        </Link>
      ),
    },
  ];
  return (
    <section className="chat-all" aria-labelledby="chat-all-title">
      <h2 id="chat-all-title" className="section-title" ref={heading} tabIndex={-1}>
        {t("mailbox.allSessions")}
      </h2>
      <p className="chat-all-intro">{t("mailbox.allIntro")}</p>
      <CardList {...list} columns={columns} rows={CHAT_PAGE_SIZE} rowKey={(s) => s.id} label={t("mailbox.caption")} empty={t("mailbox.none")} itemTestId="chat-session" />
    </section>
  );
}
