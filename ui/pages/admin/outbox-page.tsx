// The outbox of the built-in SMS and mail providers, for staff with
// FUNCTION_SYSTEM_PAGE: newest first, 20 a page, so a person trying the demo
// can read the code a member was sent.
import { useEffect, useState } from "react";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { type Column, PaddedTable } from "../../components/padded-table";
import { Pager } from "../../components/pager";
import { resultText, useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";

export const OUTBOX_ROWS = 20;

type Message = { id: number; channel: string; to: string; subject: string | null; text: string; date: string };
type OutboxPage = { list: Message[]; count: number; max: number; index: number };

export function OutboxPanel() {
  const t = useT();
  const [page, setPage] = useState<OutboxPage | null>(null);
  const [index, setIndex] = useState(1);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void api.call<OutboxPage>("/system/outbox/list", { index }).then((answer) => {
      if (!live) return;
      if (isSuccess(answer) && answer.list) {
        setFailed(null);
        setPage({ list: answer.list, count: answer.count ?? 0, max: answer.max ?? 1, index: answer.index ?? index });
      } else setFailed(resultText(t, answer.message));
    });
    return () => {
      live = false;
    };
  }, [index]);

  const columns: Column<Message>[] = [
    {
      key: "channel",
      title: t("outbox.channel"),
      width: "88px",
      render: (m) => <span className={`outbox-channel outbox-channel-${m.channel}`}>{m.channel === "sms" || m.channel === "mail" ? t(`outbox.${m.channel}`) : m.channel}</span>,
    },
    { key: "to", title: t("outbox.to"), render: (m) => m.to },
    { key: "text", title: t("outbox.text"), render: (m) => <span className="outbox-text">{m.text}</span> },
    { key: "date", title: t("outbox.date"), width: "150px", render: (m) => formatDateTime(m.date) },
  ];

  return (
    <section className="outbox" aria-labelledby="outbox-title">
      <h2 id="outbox-title" className="section-title">
        {t("outbox.title")}
      </h2>
      <p className="outbox-intro">{t("outbox.intro")}</p>
      {failed ? (
        <p className="field-error" role="alert">
          {failed}
        </p>
      ) : null}
      <PaddedTable columns={columns} data={page?.list ?? []} rowKey={(m) => m.id} rows={OUTBOX_ROWS} caption={t("outbox.caption")} />
      {page ? <Pager index={page.index} max={page.max} count={page.count} onChange={setIndex} /> : null}
    </section>
  );
}
