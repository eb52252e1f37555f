// Personal centre > security: two-step verification (issue 31 item 1). The
// member's factors (an authenticator app, passkeys), when each was added and
// last used, each removable after a question; the recovery codes left and a
// way to make new ones. An app is set up in a window with its QR code (and
// the key, in groups of four, for typing by hand) and confirmed by its first
// code; a passkey is named, then made by the browser (where it can). Recovery
// codes come with the first factor, and with every renewal, and are shown
// once: to copy, or to save as a text file. Staff must keep a factor: without
// one the panel says by when.
import { useRef, useState } from "react";
import type { AnswerOf, ItemOf } from "../../../src/domains/api";
import { type Answer, isSuccess, message } from "../../../src/protocol/result";
import { api } from "../../api";
import { type Column, CardList } from "../../components/card-list";
import { Dialog } from "../../components/dialog";
import { FormDialog, useFormDialog } from "../../components/form-dialog";
import { confirm, showMessage } from "../../components/message-box";
import { type TextKey, type Translate, resultText, useT } from "../../i18n";
import { formatChinaDateTime } from "../../lib/china-time";
import { useLoaded, useLoader } from "../../lib/use-loaded";
import { setUser } from "../../state/session";
import { PanelHead } from "./panel-head";

type State = AnswerOf<"/user/second-factor/state">;
type Factor = ItemOf<"/user/second-factor/state", "factors">;
/** What adding a factor answers: recovery codes when it is the member's first. */
type Added = { recovery: string[] | null };

/** The QR an authenticator app scans: the otpauth:// address, drawn as SVG (the QR library comes as its own chunk). */
async function appQr(uri: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M", color: { dark: "#1f2329", light: "#ffffff" } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A base32 key in groups of four, as it is typed into an app by hand. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** A factor as a sentence names it: "the authenticator app", "the passkey “My phone”". */
export const methodName = (t: Translate, factor: Pick<Factor, "kind" | "label">): string => t(`centre.security.twoStep.named.${factor.kind}`, { label: factor.label });

/** Whether this browser can make and use passkeys. */
const passkeysHere = () => typeof window.PublicKeyCredential === "function";

/** The session's user read again: whether a factor is kept is part of it (the staff pages' reminder reads it). */
async function rereadUser() {
  const answer = await api.call("/user/reload");
  if (isSuccess(answer) && answer.user) setUser(answer.user);
}

const APP_FIELDS = ["code"] as const;

function AppDialog({ secret, uri, onClose, onAdded }: { secret: string; uri: string; onClose: () => void; onAdded: (answer: Answer<Added>) => void }) {
  const t = useT();
  const qr = useLoaded(() => appQr(uri).catch(() => false as const), [uri]);
  const digits = (code: string) => code.replace(/\s/g, "");
  const editor = useFormDialog({
    id: "two-step-app",
    fields: APP_FIELDS,
    initial: () => ({ code: "" }),
    validate: (form) => (/^\d{6}$/.test(digits(form.code)) ? {} : { code: "centre.security.twoStep.app.codeRequired" as TextKey }),
    send: (form) => api.call("/user/second-factor/app/confirm", { code: digits(form.code) }),
    accepted: onAdded,
    refused: (refusal) => (refusal.code === "ERROR_RANDOM" ? { field: "code", error: "centre.security.twoStep.app.wrong" } : null),
  });
  return (
    <FormDialog
      editor={editor}
      title={t("centre.security.twoStep.app.title")}
      saveLabel={t("centre.security.twoStep.app.confirm")}
      onClose={onClose}
      width={480}
      className="centre-form two-step-form"
      testId="two-step-app-form"
      saveTestId="two-step-app-confirm"
    >
      <ol className="two-step-steps">
        <li>
          <p className="two-step-step">{t("centre.security.twoStep.app.scan")}</p>
          <div className="two-step-qr">
            {qr ? <img src={qr} width={176} height={176} alt={t("centre.security.twoStep.app.qrAlt")} data-testid="two-step-qr" /> : <div className="two-step-qr-wait" aria-busy={qr === null} />}
          </div>
          <p className="field-hint two-step-manual">{t("centre.security.twoStep.app.manual")}</p>
          <p className="two-step-secret">
            <span className="visually-hidden">{t("centre.security.twoStep.app.secret")}: </span>
            <code data-testid="two-step-secret">{groupedSecret(secret)}</code>
          </p>
        </li>
        <li>
          <p className="two-step-step">{t("centre.security.twoStep.app.enter")}</p>
          <div className="field">
            <label htmlFor="two-step-app-code">{t("centre.security.twoStep.app.code")}</label>
            <input
              id="two-step-app-code"
              className={editor.inputClass("code", "input two-step-code")}
              value={editor.form.code}
              onChange={(e) => editor.update({ code: e.target.value })}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              spellCheck={false}
              {...editor.described("code")}
            />
            {editor.error("code")}
          </div>
        </li>
      </ol>
    </FormDialog>
  );
}

const PASSKEY_FIELDS = ["label"] as const;
const PASSKEY_FAILURES: Record<string, TextKey> = {
  cancelled: "centre.security.twoStep.passkey.cancelled",
  known: "centre.security.twoStep.passkey.known",
};

function PasskeyDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (answer: Answer<Added>, label: string) => void }) {
  const t = useT();
  const sent = useRef("");
  const editor = useFormDialog({
    id: "two-step-passkey",
    fields: PASSKEY_FIELDS,
    initial: () => ({ label: "" }),
    validate: (form) => (form.label.trim() ? {} : { label: "centre.security.twoStep.passkey.labelRequired" as TextKey }),
    send: async (form): Promise<Answer<Added>> => {
      const asked = await api.call("/user/second-factor/passkey/options");
      if (!isSuccess(asked) || !asked.options) return { message: asked.message };
      const { makePasskey } = await import("../../lib/passkeys");
      const made = await makePasskey(asked.options);
      // The browser gave none: said as the server says a passkey it cannot take.
      if ("failure" in made) return { message: message("ERROR_PARAMS", { field: "credential", reason: made.failure }) };
      sent.current = form.label.trim();
      return api.call("/user/second-factor/passkey/add", { credential: made.credential, label: sent.current });
    },
    accepted: (answer) => onAdded(answer, sent.current),
    refused: (refusal) => {
      if (refusal.code === "ERROR_BINDINGED") return { text: t("centre.security.twoStep.passkey.known") };
      if (refusal.code !== "ERROR_PARAMS" || refusal.params?.field !== "credential") return null;
      const reason = refusal.params.reason;
      return { text: t(typeof reason === "string" && PASSKEY_FAILURES[reason] ? PASSKEY_FAILURES[reason] : "centre.security.twoStep.passkey.failed") };
    },
  });
  return (
    <FormDialog
      editor={editor}
      title={t("centre.security.twoStep.passkey.title")}
      saveLabel={t("centre.security.twoStep.passkey.next")}
      onClose={onClose}
      width={440}
      className="centre-form two-step-form"
      testId="two-step-passkey-form"
      saveTestId="two-step-passkey-next"
    >
      <p className="flow-intro two-step-passkey-intro">{t("centre.security.twoStep.passkey.intro")}</p>
      <div className="field">
        <label htmlFor="two-step-passkey-label">{t("centre.security.twoStep.passkey.label")}</label>
        <input
          id="two-step-passkey-label"
          className={editor.inputClass("label")}
          value={editor.form.label}
          onChange={(e) => editor.update({ label: e.target.value })}
          maxLength={60}
          autoComplete="off"
          data-autofocus
          {...editor.described("label", "two-step-passkey-label-hint")}
        />
        <p className="field-hint" id="two-step-passkey-label-hint">
          {t("centre.security.twoStep.passkey.labelHint")}
        </p>
        {editor.error("label")}
      </div>
    </FormDialog>
  );
}

/** The recovery codes, shown once: copied, saved as a text file, then closed by "I have saved them". */
export function RecoveryCodes({ codes, onClose }: { codes: readonly string[]; onClose: () => void }) {
  const t = useT();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      await showMessage(t("centre.security.twoStep.codes.copied"));
    } catch {
      await showMessage(t("centre.security.twoStep.codes.copyFailed"));
    }
  };

  const download = () => {
    const text = [t("centre.security.twoStep.codes.fileTitle"), formatChinaDateTime(new Date()), "", ...codes, "", t("centre.security.twoStep.codes.fileNote"), ""].join("\r\n");
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${t("centre.security.twoStep.codes.file")}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  };

  return (
    <Dialog
      title={t("centre.security.twoStep.codes.title")}
      onClose={onClose}
      width={480}
      footer={
        <button type="button" className="button button-primary" onClick={onClose} data-testid="two-step-codes-close">
          {t("centre.security.twoStep.codes.saved")}
        </button>
      }
    >
      <div className="two-step-codes-window" data-testid="two-step-codes">
        <p className="flow-intro">{t("centre.security.twoStep.codes.intro")}</p>
        <p className="two-step-once" role="note">
          {t("centre.security.twoStep.codes.once")}
        </p>
        <ol className="two-step-codes" aria-label={t("centre.security.twoStep.codes.list")}>
          {codes.map((code) => (
            <li key={code} data-testid="two-step-code">
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <div className="two-step-codes-buttons">
          <button type="button" className="button button-quiet" onClick={() => void copy()} data-testid="two-step-codes-copy">
            {t("centre.security.twoStep.codes.copy")}
          </button>
          <button type="button" className="button button-quiet" onClick={download} data-testid="two-step-codes-download">
            {t("centre.security.twoStep.codes.download")}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** The line of a staff member who keeps no factor: by when, or that the time is up. */
function requiredText(t: Translate, deadline: string | null): string {
  if (!deadline) return t("centre.security.twoStep.requiredSoon");
  if (new Date(deadline).getTime() <= Date.now()) return t("centre.security.twoStep.requiredNow");
  return t("centre.security.twoStep.required", { date: formatChinaDateTime(deadline) });
}

type Open = { kind: "app"; secret: string; uri: string } | { kind: "passkey" } | { kind: "codes"; codes: string[] } | null;

export function SecondFactor() {
  const t = useT();
  const { value, reload } = useLoader(() => api.call("/user/second-factor/state").then((answer) => isSuccess(answer) && (answer as State)), [], { keep: true });
  const [open, setOpen] = useState<Open>(null);
  const state = value || null;
  const factors = state?.factors ?? null;
  const kept = factors?.length ?? 0;
  const hasApp = factors?.some((f) => f.kind === "totp") ?? false;

  /** Something changed: the list, and the session's user, read again. */
  const changed = () => {
    reload();
    void rereadUser();
  };

  const startApp = async () => {
    const answer = await api.call("/user/second-factor/app/start");
    // An app kept already (set up in another window): the list shows it, and no second set-up.
    if (answer.message.code === "ERROR_BINDINGED") return reload();
    if (!isSuccess(answer) || !answer.secret || !answer.uri) return showMessage(resultText(t, answer.message));
    setOpen({ kind: "app", secret: answer.secret, uri: answer.uri });
  };

  /** A factor added: its recovery codes shown when it was the first, else said in a message. */
  const added = (answer: Answer<Added>, done: string) => {
    changed();
    if (answer.recovery?.length) return setOpen({ kind: "codes", codes: answer.recovery });
    setOpen(null);
    void showMessage(done);
  };

  const remove = async (factor: Factor) => {
    const method = methodName(t, factor);
    const question = kept > 1 ? "centre.security.twoStep.removeConfirm" : state?.required ? "centre.security.twoStep.removeLastStaff" : "centre.security.twoStep.removeLast";
    if (!(await confirm(t(question, { method }), { ok: t("centre.security.twoStep.remove") }))) return;
    const answer = await api.call("/user/second-factor/remove", { id: factor.id });
    changed();
    // Gone already (removed in another window): what the member asked for is so.
    if (!isSuccess(answer) && answer.message.code !== "ERROR_RESULT_NULL") return showMessage(resultText(t, answer.message));
    await showMessage(t("centre.security.twoStep.removed", { method }));
  };

  const renew = async () => {
    if (!(await confirm(t("centre.security.twoStep.renewConfirm"), { ok: t("centre.security.twoStep.renew") }))) return;
    const answer = await api.call("/user/second-factor/recovery/renew");
    reload();
    if (!isSuccess(answer) || !answer.recovery) return showMessage(resultText(t, answer.message));
    setOpen({ kind: "codes", codes: answer.recovery });
  };

  const columns: Column<Factor>[] = [
    {
      key: "method",
      title: t("centre.security.twoStep.method"),
      place: "title",
      render: (f) => (
        <span className="two-step-method">
          <span>{t(`centre.security.twoStep.kinds.${f.kind}`)}</span>
          {f.kind === "passkey" && f.label ? <span className="two-step-label">{f.label}</span> : null}
        </span>
      ),
    },
    { key: "added", title: t("centre.security.twoStep.added"), render: (f) => <span className="cell-date">{formatChinaDateTime(f.createdAt)}</span> },
    { key: "lastUsed", title: t("centre.security.twoStep.lastUsed"), render: (f) => <span className="cell-date">{f.lastUsedAt ? formatChinaDateTime(f.lastUsedAt) : t("centre.security.twoStep.never")}</span> },
    {
      key: "action",
      title: t("common.actions"),
      place: "aside",
      align: "right",
      render: (f) => (
        <button type="button" className="link-button link-danger" onClick={() => void remove(f)} aria-label={t("centre.security.twoStep.removeLabel", { method: methodName(t, f) })} data-testid="two-step-remove">
          {t("centre.security.twoStep.remove")}
        </button>
      ),
    },
  ];

  return (
    <section className="panel centre-panel two-step" aria-labelledby="two-step-title" data-testid="two-step" data-state={value === null ? "loading" : value ? "shown" : "failed"}>
      <PanelHead
        name="two-step"
        icon="M10 2.8l5.5 2v4.4c0 3.6-2.4 6.2-5.5 7.4-3.1-1.2-5.5-3.8-5.5-7.4V4.8zM7.6 9.8l1.7 1.7 3.2-3.3"
        titleId="two-step-title"
        title={t("centre.security.twoStep.title")}
        under={<p className="field-hint two-step-intro">{t("centre.security.twoStep.intro")}</p>}
      />
      {state?.required && kept === 0 ? (
        <p className="two-step-warning" role="note" data-testid="two-step-required">
          {requiredText(t, state.deadline)}
        </p>
      ) : null}
      <CardList
        list={factors}
        failed={value === false}
        onRetry={reload}
        columns={columns}
        rowKey={(f) => f.id}
        label={t("centre.security.twoStep.caption")}
        empty={t("centre.security.twoStep.empty")}
        itemTestId="two-step-factor"
      />
      {state && kept > 0 ? (
        <div className="security-item two-step-recovery" data-testid="two-step-recovery">
          <span className="security-icon" aria-hidden="true">
            <svg viewBox="0 0 20 20" width="20" height="20">
              <path d="M3 5.5h14v9H3zM6 10h.01M8.7 10h.01M11.3 10h.01M14 10h.01" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <div className="security-text">
            <p className="security-label">{t("centre.security.twoStep.recovery")}</p>
            <p className="security-value" data-testid="two-step-recovery-left">
              {state.recoveryLeft > 0 ? t("centre.security.twoStep.recoveryLeft", { count: state.recoveryLeft }) : t("centre.security.twoStep.recoveryNone")}
            </p>
            <p className="field-hint two-step-recovery-note">{t("centre.security.twoStep.recoveryNote")}</p>
          </div>
          <button type="button" className="button button-quiet" onClick={() => void renew()} data-testid="two-step-renew">
            {t("centre.security.twoStep.renew")}
          </button>
        </div>
      ) : null}
      {state ? (
        <div className="two-step-actions">
          {hasApp ? null : (
            <button type="button" className={`button ${kept === 0 ? "button-primary" : "button-quiet"}`} onClick={() => void startApp()} data-testid="two-step-set-up-app">
              {t("centre.security.twoStep.setUpApp")}
            </button>
          )}
          {passkeysHere() ? (
            <button type="button" className="button button-quiet" onClick={() => setOpen({ kind: "passkey" })} data-testid="two-step-add-passkey">
              {t("centre.security.twoStep.addPasskey")}
            </button>
          ) : null}
        </div>
      ) : null}
      {open?.kind === "app" ? <AppDialog secret={open.secret} uri={open.uri} onClose={() => setOpen(null)} onAdded={(answer) => added(answer, t("centre.security.twoStep.app.done"))} /> : null}
      {open?.kind === "passkey" ? <PasskeyDialog onClose={() => setOpen(null)} onAdded={(answer, label) => added(answer, t("centre.security.twoStep.passkey.done", { label }))} /> : null}
      {open?.kind === "codes" ? <RecoveryCodes codes={open.codes} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
