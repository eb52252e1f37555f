// Personal centre > reminders (issue 32 item 2, docs/decisions.md 139): a
// checkbox per kind of reminder, each with a line saying when it comes; the
// channel (e-mail or SMS), each offered only when the member has an address
// or a number for it, and the quiet hours of SMS; and Save. A member with
// neither is told that no reminder can reach them, and where to add one.
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { CentreSection } from "../../components/centre-section";
import { showMessage } from "../../components/message-box";
import { addTexts, resultText, useT } from "../../i18n";
import reminders from "../../i18n/areas/reminders";
import { maskPhone } from "../../lib/format";
import { useLoader } from "../../lib/use-loaded";
import { session } from "../../state/session";

// The texts come with the chunk that shows them (docs/decisions.md 102).
addTexts({ zh: { reminders: reminders.zh }, en: { reminders: reminders.en } });

type Kind = AnswerOf<"/user/reminders">["kinds"][number]["kind"];
type Channel = "mail" | "sms";
type Settings = { kinds: { kind: Kind; on: boolean }[]; channel: Channel | null; chosen: Channel | null; reach: Record<Channel, boolean> };
const CHANNELS: readonly Channel[] = ["mail", "sms"];
const SECURITY = "/information?page=security";

const loadSettings = async (): Promise<Settings | false> => {
  const answer = await api.call("/user/reminders", {});
  if (!isSuccess(answer) || !answer.kinds || !answer.reach) return false;
  const chosen = answer.chosen === "mail" || answer.chosen === "sms" ? answer.chosen : null;
  return { kinds: answer.kinds, channel: answer.channel ?? null, chosen, reach: answer.reach };
};

export default function RemindersPage() {
  const t = useT();
  const { user } = useSnapshot(session);
  const { value, reload, set } = useLoader(loadSettings, []);
  const [on, setOn] = useState<ReadonlySet<Kind>>(new Set());
  const [channel, setChannel] = useState<Channel>("mail");
  const [saving, setSaving] = useState(false);

  // The form starts from what the server holds: the kinds on, and the channel reminders go by now.
  useEffect(() => {
    if (!value) return;
    setOn(new Set(value.kinds.filter((k) => k.on).map((k) => k.kind)));
    setChannel(value.channel ?? value.chosen ?? (value.reach.sms && !value.reach.mail ? "sms" : "mail"));
  }, [value]);

  const toggle = (kind: Kind, checked: boolean) =>
    setOn((now) => {
      const next = new Set(now);
      if (checked) next.add(kind);
      else next.delete(kind);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value || saving) return;
    setSaving(true);
    try {
      const kinds = value.kinds.map((k) => k.kind).filter((k) => on.has(k));
      const answer = await api.call("/user/reminders/save", { on: kinds, channel });
      if (!isSuccess(answer)) return await showMessage(resultText(t, answer.message));
      set({ ...value, kinds: value.kinds.map((k) => ({ kind: k.kind, on: on.has(k.kind) })), chosen: channel, channel: value.reach[channel] ? channel : value.channel });
      await showMessage(t("reminders.saved"));
    } finally {
      setSaving(false);
    }
  };

  const state = value ? "shown" : value === false ? "failed" : "loading";
  const none = value ? !value.reach.mail && !value.reach.sms : false;
  /** What each channel says under its name: where it goes, or what is missing for it. */
  const detail = (c: Channel) => {
    if (!value) return null;
    if (!value.reach[c]) return t(c === "mail" ? "reminders.noMail" : "reminders.noPhone");
    if (c === "mail") return user?.mail ? t("reminders.mailTo", { mail: user.mail }) : null;
    return user?.phone ? t("reminders.smsTo", { phone: maskPhone(user.phone) }) : null;
  };

  return (
    <CentreSection id="reminders" title={t("centre.menu.reminders")} intro={t("reminders.intro")}>
      <div className="reminders" data-testid="reminders" data-state={state}>
        {value === null ? <div className="list-waiting" aria-busy="true" /> : null}
        {value === false ? (
          <div className="panel list-state" role="alert">
            <p>{t("reminders.loadFailed")}</p>
            <button type="button" className="button button-quiet" onClick={reload}>
              {t("common.retry")}
            </button>
          </div>
        ) : null}
        {value && none ? (
          <div className="reminders-none" role="note" data-testid="reminders-none">
            <p>{t("reminders.none")}</p>
            <Link href={SECURITY} className="button button-small">
              {t("reminders.openSecurity")}
            </Link>
          </div>
        ) : null}
        {value ? (
          <form className="panel centre-panel reminders-form" onSubmit={submit} noValidate>
            <fieldset className="reminders-group">
              <legend className="reminders-legend">{t("reminders.kindsTitle")}</legend>
              <ul className="reminders-kinds">
                {value.kinds.map(({ kind }) => (
                  <li key={kind}>
                    <label className="reminders-option">
                      <input
                        type="checkbox"
                        checked={on.has(kind)}
                        onChange={(e) => toggle(kind, e.target.checked)}
                        aria-labelledby={`reminder-${kind}-name`}
                        aria-describedby={`reminder-${kind}-explain`}
                        data-testid={`reminder-kind-${kind}`}
                      />
                      <span className="reminders-option-text">
                        <span className="reminders-option-name" id={`reminder-${kind}-name`}>
                          {t(`reminders.kinds.${kind}`)}
                        </span>
                        <span className="reminders-option-note" id={`reminder-${kind}-explain`}>
                          {t(`reminders.explain.${kind}`)}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <fieldset className="reminders-group">
              <legend className="reminders-legend">{t("reminders.channelTitle")}</legend>
              <div className="reminders-channels">
                {CHANNELS.map((c) => (
                  <label key={c} className={`reminders-option reminders-channel${value.reach[c] ? "" : " is-disabled"}`} data-channel={c}>
                    <input
                      type="radio"
                      name="reminders-channel"
                      value={c}
                      checked={channel === c && value.reach[c]}
                      disabled={!value.reach[c]}
                      onChange={() => setChannel(c)}
                      aria-labelledby={`reminder-channel-${c}-name`}
                      aria-describedby={`reminder-channel-${c}-detail`}
                      data-testid={`reminder-channel-${c}`}
                    />
                    <span className="reminders-option-text">
                      <span className="reminders-option-name" id={`reminder-channel-${c}-name`}>
                        {t(`reminders.${c}`)}
                      </span>
                      <span className="reminders-option-note" id={`reminder-channel-${c}-detail`} data-testid={`reminder-channel-${c}-detail`}>
                        {detail(c)}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              {!value.reach.mail || !value.reach.sms ? (
                none ? null : (
                  <p className="reminders-add">
                    <Link href={SECURITY}>{t("reminders.openSecurity")}</Link>
                  </p>
                )
              ) : null}
              <p className="reminders-quiet" data-testid="reminders-quiet">
                <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
                  <path d="M15.5 12.5A6.5 6.5 0 0 1 7.5 4.5a6.5 6.5 0 1 0 8 8z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
                </svg>
                <span>{t("reminders.quiet")}</span>
              </p>
            </fieldset>
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={saving} data-testid="reminders-save">
                {t("reminders.save")}
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </CentreSection>
  );
}
