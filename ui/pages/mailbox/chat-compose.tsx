// The mailbox's text area and its button: a member's first message (no
// session yet) or a reply. Empty text is not sent; the length is counted as
// typed. After a send the text is cleared and the caller reloads or moves on
// (spec 2 section 4).
import { useState } from "react";
import { CHAT_MAX_LENGTH } from "../../../src/protocol/limits";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { showMessage } from "../../components/message-box";
import { resultText, useT } from "../../i18n";

type Props = {
  id: string;
  label: string;
  button: string;
  /** The session answered; none for a first message. */
  session?: number;
  hint?: string;
  /** Called with the session's id once the message is in. */
  onSent: (session: number) => void;
};

export function ChatCompose({ id, label, button, session, hint, onSent }: Props) {
  const t = useT();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const length = text.trim().length;

  const submit = async () => {
    if (sending) return;
    if (!length) return setError(t("mailbox.empty"));
    if (length > CHAT_MAX_LENGTH) return setError(t("mailbox.tooLong", { max: CHAT_MAX_LENGTH }));
    setSending(true);
    const answer = await api.call<"/chat/session/send", { id: number }>("/chat/session/send", session === undefined ? { content: text } : { content: text, id: session });
    setSending(false);
    if (isSuccess(answer) && answer.id !== undefined) {
      setText("");
      setError(null);
      return onSent(answer.id);
    }
    if (answer.message.code === "ERROR_PARAMS" && answer.message.params?.field === "content")
      return setError(t(length ? "mailbox.tooLong" : "mailbox.empty", { max: CHAT_MAX_LENGTH }));
    await showMessage(resultText(t, answer.message));
    // Someone else's reply came first (the member's turn is over): show the conversation as it is now.
    if (answer.message.code === "ERROR_CHAT_WAIT" && session !== undefined) onSent(session);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form
      className="chat-compose"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="chat-compose-hint">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        className={error ? "input textarea input-invalid" : "input textarea"}
        rows={4}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
      />
      <div className="chat-compose-foot">
        {error ? (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        ) : (
          <span />
        )}
        <span className={length > CHAT_MAX_LENGTH ? "chat-count chat-count-over" : "chat-count"}>{t("mailbox.count", { count: length, max: CHAT_MAX_LENGTH })}</span>
        <button type="submit" className="button button-primary" disabled={sending}>
          {button}
        </button>
      </div>
    </form>
  );
}
