// Personal centre > security: where the member is signed in (issue 31 item 2).
// One row per signed-in session (the browser and system its user agent names,
// the address, when it signed in and was last seen), this one marked and first;
// each other one can be signed out, or all of them at once. A session is named
// by the handle the server gives it, never its token.
import type { ItemOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { type Column, CardList } from "../../components/card-list";
import { confirm, showMessage } from "../../components/message-box";
import { type TextName, type Translate, isOneOf, resultText, useT } from "../../i18n";
import { formatChinaDateTime } from "../../lib/china-time";
import { useLoader } from "../../lib/use-loaded";
import { PanelHead } from "./panel-head";

type Session = ItemOf<"/user/session/list">;

/** The apps people know by their Chinese names in China; every other browser is named as its maker writes it. */
const APPS: TextName<"centre.security.sessions.apps">[] = ["WeChat", "WeCom", "DingTalk"];

/** "Chrome 131 · Windows", "微信 8 · iOS", "Unknown browser". */
export function deviceName(t: Translate, s: Pick<Session, "browser" | "version" | "system">): string {
  const browser = s.browser === null ? t("centre.security.sessions.unknownBrowser") : isOneOf(APPS, s.browser) ? t(`centre.security.sessions.apps.${s.browser}`) : s.browser;
  const named = s.browser !== null && s.version ? `${browser} ${s.version}` : browser;
  return s.system ? `${named} · ${s.system}` : named;
}

/** `reread` changes when something else may have ended sessions (a password change). */
export function SessionList({ reread = 0 }: { reread?: number }) {
  const t = useT();
  const { value, reload } = useLoader(() => api.call("/user/session/list").then((answer) => isSuccess(answer) && answer.list), [reread], { keep: true });
  const others = value ? value.filter((s) => !s.current).length : 0;

  const end = async (s: Session) => {
    const device = deviceName(t, s);
    if (!(await confirm(t("centre.security.sessions.endConfirm", { device }), { ok: t("centre.security.sessions.end") }))) return;
    const answer = await api.call("/user/session/end", { id: s.id });
    reload();
    // Gone already (signed out there, or timed out): what the member asked for is so.
    if (!isSuccess(answer) && answer.message.code !== "ERROR_RESULT_NULL") return showMessage(resultText(t, answer.message));
    await showMessage(t(isSuccess(answer) ? "centre.security.sessions.ended" : "centre.security.sessions.gone"));
  };

  const endOthers = async () => {
    if (!(await confirm(t("centre.security.sessions.endOthersConfirm"), { ok: t("centre.security.sessions.endOthers") }))) return;
    const answer = await api.call("/user/session/end-others");
    reload();
    if (!isSuccess(answer)) return showMessage(resultText(t, answer.message));
    const ended = answer.ended;
    await showMessage(ended === 1 ? t("centre.security.sessions.endedOne") : t("centre.security.sessions.endedMany", { count: ended }));
  };

  const columns: Column<Session>[] = [
    {
      key: "device",
      title: t("centre.security.sessions.device"),
      place: "title",
      render: (s) => (
        <span className="session-device">
          <span className="session-device-name">{deviceName(t, s)}</span>
          {s.current ? (
            <span className="state-tag session-current" data-testid="session-current">
              {t("centre.security.sessions.current")}
            </span>
          ) : null}
        </span>
      ),
    },
    { key: "ip", title: t("centre.security.sessions.address"), render: (s) => <span className="session-address">{s.ip ?? "—"}</span> },
    { key: "signedIn", title: t("centre.security.sessions.signedIn"), render: (s) => <span className="cell-date">{s.signedIn ? formatChinaDateTime(s.signedIn) : "—"}</span> },
    { key: "lastSeen", title: t("centre.security.sessions.lastSeen"), render: (s) => <span className="cell-date">{s.lastSeen ? formatChinaDateTime(s.lastSeen) : "—"}</span> },
    {
      key: "action",
      title: t("common.actions"),
      place: "aside",
      align: "right",
      render: (s) =>
        s.current ? null : (
          <button type="button" className="link-button" onClick={() => void end(s)} aria-label={t("centre.security.sessions.endLabel", { device: deviceName(t, s) })} data-testid="session-end">
            {t("centre.security.sessions.end")}
          </button>
        ),
    },
  ];
  // This one alone: no column of actions with none in it.
  const shown = others > 0 ? columns : columns.filter((column) => column.key !== "action");

  return (
    <section className="panel centre-panel sessions" aria-labelledby="sessions-title" data-testid="sessions" data-state={value === null ? "loading" : value ? "shown" : "failed"}>
      <PanelHead
        name="sessions"
        icon="M2.5 4h11v8h-11zM1 15h14M15.5 7h3.5v9.5h-3.5zM16.8 14.5h1"
        titleId="sessions-title"
        title={t("centre.security.sessions.title")}
        under={<p className="field-hint sessions-intro">{t("centre.security.sessions.intro")}</p>}
        action={
          others > 0 ? (
            <button type="button" className="button button-quiet" onClick={() => void endOthers()} data-testid="sessions-end-others">
              {t("centre.security.sessions.endOthers")}
            </button>
          ) : null
        }
      />
      <CardList
        list={value || null}
        failed={value === false}
        onRetry={reload}
        columns={shown}
        rowKey={(s) => s.id}
        label={t("centre.security.sessions.caption")}
        empty={t("centre.security.sessions.empty")}
        itemTestId="session-row"
      />
    </section>
  );
}
