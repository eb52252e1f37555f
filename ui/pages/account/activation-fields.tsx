// The labelled field of the code-flow windows (activation, reset, security):
// label, input, then its error (a dictionary key) or its hint.
import type { InputHTMLAttributes, ReactNode } from "react";
import { CodeSender, type Cooldown } from "../../components/code-sender";
import { type TextKey, useT } from "../../i18n";

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> & {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Dictionary key of the problem, if any. */
  error?: TextKey | null;
  hint?: string;
  /** Drawn beside the input (the send-code button). */
  aside?: ReactNode;
};

export function TextField({ id, label, value, onValue, error, hint, aside, className, ...rest }: TextFieldProps) {
  const t = useT();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const input = (
    <input
      id={id}
      className={`input${error ? " input-invalid" : ""}${className ? ` ${className}` : ""}`}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...rest}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {aside ? (
        <div className="field-inline">
          {input}
          {aside}
        </div>
      ) : (
        input
      )}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {t(error)}
        </p>
      ) : hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}


/** The verification-code field with its send button beside it, as every code flow has it. */
export function CodeField({ id, value, onValue, error, cooldown, onSend }: { id: string; value: string; onValue: (value: string) => void; error?: TextKey | null; cooldown: Cooldown; onSend: () => void }) {
  const t = useT();
  return (
    <TextField
      id={id}
      label={t("activation.code")}
      value={value}
      onValue={onValue}
      error={error}
      placeholder={t("activation.codeHint")}
      inputMode="numeric"
      maxLength={6}
      autoComplete="one-time-code"
      aside={<CodeSender cooldown={cooldown} onSend={onSend} />}
    />
  );
}
