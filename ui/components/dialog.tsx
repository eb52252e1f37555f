// The one dialog: a modal window, draggable by its title bar, closed by its
// cross or Esc (only the topmost one when dialogs stack). Mount it to open it.
import { type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useT } from "../i18n";
import { useDrag } from "./use-drag";

/** The open dialogs' backdrops, topmost last. */
const layers: HTMLElement[] = [];

/**
 * Everything but the topmost dialog is inert: it cannot be focused or
 * clicked, and assistive technology (and axe) leave it out, as a modal
 * window requires. Recomputed whenever a dialog opens or closes.
 */
function makeOthersInert() {
  const top = layers[layers.length - 1];
  for (const child of Array.from(document.body.children)) {
    if (child instanceof HTMLElement) child.inert = !!top && child !== top;
  }
}

/**
 * Where the keyboard goes back to when a window closes: what had focus before
 * it opened; when that is gone (a button that became a status) or was the
 * page itself, the window still open beneath, else the page's heading, so a
 * keyboard user keeps their place instead of starting again from the top.
 * Nothing moves when the focus is already on the page somewhere else.
 */
function restoreFocus(before: HTMLElement | null) {
  // Windows closed together (a question and the window it asked about): the one closed last already placed it.
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  if (before && before !== document.body && before.isConnected) return before.focus();
  const top = layers[layers.length - 1];
  const target = top ? top.querySelector<HTMLElement>(".dialog") : document.querySelector<HTMLElement>("main h1");
  if (!target) return;
  if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus();
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type DialogProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Width on a desk, in pixels; a phone gets the screen's width less a margin. */
  width?: number;
  /** "alertdialog" for messages that need an answer. */
  role?: "dialog" | "alertdialog";
  /** false: a window that must be answered by its own buttons (the privacy notice's gate): no cross, and Esc does nothing. */
  dismissable?: boolean;
};

export function Dialog({ title, onClose, children, footer, width = 480, role = "dialog", dismissable = true }: DialogProps) {
  const t = useT();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const { offset, handle } = useDrag(box);
  const closeRef = useRef(onClose);
  closeRef.current = dismissable ? onClose : () => undefined;

  useEffect(() => {
    const layer = backdrop.current!;
    layers.push(layer);
    makeOthersInert();
    const before = document.activeElement as HTMLElement | null;
    const el = box.current!;
    (el.querySelector<HTMLElement>("[data-autofocus]") ?? el).focus();
    const onKey = (event: KeyboardEvent) => {
      if (layers[layers.length - 1] !== layer) return;
      if (event.key === "Escape") {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === "Tab") {
        // Keep the keyboard inside the window.
        const items = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) return event.preventDefault();
        const first = items[0]!;
        const last = items[items.length - 1]!;
        if (event.shiftKey && (document.activeElement === first || document.activeElement === el)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      // Every window already taken off the page goes, not only this one: windows closed in one render (a question
      // and the window it asked about) would otherwise leave the page beneath inert while the first gives focus back.
      for (let i = layers.length - 1; i >= 0; i--) if (layers[i] === layer || !layers[i]!.isConnected) layers.splice(i, 1);
      makeOthersInert();
      restoreFocus(before);
    };
  }, [id]);

  return createPortal(
    <div className="dialog-backdrop" ref={backdrop}>
      <div
        ref={box}
        className="dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        style={{ width, transform: `translate(${offset.x}px, ${offset.y}px)` }}
      >
        <div className="dialog-title" {...handle}>
          <h2 id={`${id}-title`}>{title}</h2>
          {dismissable ? (
            <button type="button" className="dialog-close" aria-label={t("common.close")} onClick={onClose}>
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
                <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              </svg>
            </button>
          ) : null}
        </div>
        <div className="dialog-body">{children}</div>
        {footer ? <div className="dialog-footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
