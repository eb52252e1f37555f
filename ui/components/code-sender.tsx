// The send-code button of every code flow (spec 1 section 4): after a send
// the button counts 300 seconds down and the address it went to is locked.
// What was sent, from which fields, is kept in localStorage with its time, so
// reopening the window (or reloading the page) within 5 minutes brings the
// values and the countdown back.
import { useEffect, useState } from "react";
import { useT } from "../i18n";

export const COOLDOWN_MS = 300_000;
const PREFIX = "up.code.";

type Saved = { at: number; until: number; values: Record<string, string> };

function read(name: string, now: number): Saved | null {
  try {
    const saved = JSON.parse(localStorage.getItem(PREFIX + name) ?? "null") as Saved | null;
    if (saved && typeof saved.at === "number" && now - saved.at < COOLDOWN_MS && saved.until > now) return saved;
  } catch {}
  localStorage.removeItem(PREFIX + name);
  return null;
}

export type Cooldown = {
  /** Whole seconds left; 0 when a code may be sent. */
  seconds: number;
  /** The field values a code was sent with, while the countdown runs. */
  values: Record<string, string> | null;
  start: (values: Record<string, string>, seconds?: number) => void;
  clear: () => void;
};

/** The countdown of one code flow, named so each window keeps its own. */
export function useCooldown(name: string): Cooldown {
  const [saved, setSaved] = useState<Saved | null>(() => read(name, Date.now()));
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    if (!saved) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= saved.until) {
        localStorage.removeItem(PREFIX + name);
        setSaved(null);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [saved, name]);

  const seconds = saved ? Math.max(0, Math.ceil((saved.until - now) / 1000)) : 0;
  return {
    seconds,
    values: seconds > 0 ? saved!.values : null,
    start: (values, secondsLeft = COOLDOWN_MS / 1000) => {
      const at = Date.now();
      const next = { at, until: at + Math.min(secondsLeft * 1000, COOLDOWN_MS), values };
      localStorage.setItem(PREFIX + name, JSON.stringify(next));
      setNow(at);
      setSaved(next);
    },
    clear: () => {
      localStorage.removeItem(PREFIX + name);
      setSaved(null);
    },
  };
}

export function CodeSender({ cooldown, onSend, disabled, id }: { cooldown: Cooldown; onSend: () => void; disabled?: boolean; id?: string }) {
  const t = useT();
  const counting = cooldown.seconds > 0;
  return (
    <button
      id={id}
      type="button"
      className="button button-quiet code-sender"
      disabled={disabled || counting}
      onClick={onSend}
      data-testid="send-code"
      aria-live="polite"
    >
      {counting ? t("activation.resendIn", { seconds: cooldown.seconds }) : t("activation.send")}
    </button>
  );
}
