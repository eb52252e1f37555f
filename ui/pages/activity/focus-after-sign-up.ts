// The sign-up windows give focus back to the sign-up button; once the page
// has read its figures again that button may have become a status ("signed
// up", "full"). Focus then sits on the status, not on the page, so a keyboard
// user keeps their place.
//
//   const focus = useFocusAfterSignUp();
//   <span tabIndex={-1} ref={focus.target}>…</span>   // the status
//   <SignFlow onClose={(changed) => { focus.closed(); … }} />
import { useCallback, useRef } from "react";

export function useFocusAfterSignUp() {
  const pending = useRef(false);
  const closed = useCallback(() => {
    pending.current = true;
  }, []);
  /** A ref for the status: focused as it appears, when the windows have just closed and focus was lost with the button. */
  const target = useCallback((element: HTMLElement | null) => {
    if (!element || !pending.current) return;
    pending.current = false;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) element.focus();
  }, []);
  return { closed, target };
}
