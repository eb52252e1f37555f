// A phone or an identity number as staff see it (issue 31 item 4): masked,
// with a Show button that asks /user/operation/reveal for the whole value (a
// call the server writes to the operation log) and shows it in place; Hide
// masks it again without another call. The styles are the lists' area's
// (components/masked-value.css, through components/lists.css): every staff
// window that shows one loads them.
import { useState } from "react";
import type { InputOf } from "../../src/domains/api";
import { isSuccess } from "../../src/protocol/result";
import { api } from "../api";
import { resultText, useT } from "../i18n";
import { showMessage } from "./message-box";

/** Whose field it is, which one, and of which property or family member (not for "phone"). */
export type RevealTarget = InputOf<"/user/operation/reveal">;

export function MaskedValue({ masked, target, label, testId }: {
  /** The value as the server sent it, masked. */
  masked: string;
  target: RevealTarget;
  /** The buttons' names for a screen reader, naming what they show or hide ("显示完整手机号"). */
  label: { show: string; hide: string };
  testId?: string;
}) {
  const t = useT();
  // Once read, kept: showing it again is no new look at the server's copy.
  const [whole, setWhole] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (shown) return setShown(false);
    if (whole !== null) return setShown(true);
    setBusy(true);
    try {
      const answer = await api.call("/user/operation/reveal", target);
      if (isSuccess(answer)) {
        setWhole(answer.value ?? "");
        setShown(true);
      } else await showMessage(resultText(t, answer.message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="masked-value" data-testid={testId} data-shown={shown || undefined}>
      <span className="mono masked-value-text" aria-live="polite">
        {shown ? whole || "—" : masked}
      </span>
      <button type="button" className="link-button masked-value-toggle" aria-label={shown ? label.hide : label.show} disabled={busy} aria-busy={busy || undefined} onClick={() => void toggle()}>
        {t(shown ? "members.reveal.hide" : "members.reveal.show")}
      </button>
    </span>
  );
}
