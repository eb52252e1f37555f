// The outbox of the built-in SMS and mail providers, for staff with
// FUNCTION_SYSTEM_PAGE: newest first, 20 a page, so a person trying the demo
// can read the code a member was sent. A mail's file (a mailed export) is a
// link only for whom the server opens it: its addressee and holders of the
// power that made it.
import { formatChinaDateTime } from "../../lib/china-time";
import type { ItemOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { OUTBOX_PAGE_SIZE } from "../../../src/protocol/limits";
import { api } from "../../api";
import { type Column, CardList } from "../../components/card-list";
import { showMessage } from "../../components/message-box";
import { resultText, useT } from "../../i18n";
import { useFilteredPages } from "../../lib/use-filtered-pages";

type Message = ItemOf<"/system/outbox/list">;

const NO_FILTER = {};

export function OutboxPanel() {
  const t = useT();
  const { list } = useFilteredPages("/system/outbox/list", NO_FILTER, (_, index) => ({ index }));
  const openAttachment = async (m: Message) => {
    const answer = await api.download("/system/outbox/attachment", { id: String(m.id) }, m.attachment?.name);
    if (!isSuccess(answer)) await showMessage(resultText(t, answer.message));
  };

  const columns: Column<Message>[] = [
    {
      key: "channel",
      title: t("outbox.channel"),
      place: "aside",
      render: (m) => <span className={`outbox-channel outbox-channel-${m.channel}`}>{m.channel === "sms" || m.channel === "mail" ? t(`outbox.${m.channel}`) : m.channel}</span>,
    },
    { key: "to", title: t("outbox.to"), place: "title", render: (m) => m.to },
    {
      key: "text",
      title: t("outbox.text"),
      wide: true,
      render: (m) => (
        <>
          <span className="outbox-text">{m.text}</span>
          {m.attachment ? (
            <button type="button" className="link-button outbox-attachment" onClick={() => void openAttachment(m)}>
              {t("outbox.attachment", { name: m.attachment.name })}
            </button>
          ) : null}
        </>
      ),
    },
    { key: "date", title: t("outbox.date"), render: (m) => formatChinaDateTime(m.date) },
    {
      key: "state",
      title: t("outbox.state"),
      render: (m) => (
        <span className={`outbox-state outbox-state-${m.state}`} title={m.error ? t("outbox.tries", { count: m.attempts, error: m.error }) : undefined}>
          {m.state === "pending" || m.state === "sent" || m.state === "failed" ? t(`outbox.states.${m.state}`) : m.state}
        </span>
      ),
    },
  ];

  return (
    <section className="outbox" aria-labelledby="outbox-title">
      <h2 id="outbox-title" className="section-title">
        {t("outbox.title")}
      </h2>
      <p className="outbox-intro">{t("outbox.intro")}</p>
      <CardList {...list} columns={columns} rows={OUTBOX_PAGE_SIZE} rowKey={(m) => m.id} label={t("outbox.caption")} empty={t("list.none")} />
    </section>
  );
}
