// Where the keyboard goes when the page under it changes, so it never falls
// to the page itself (document.body) and a keyboard user starts again from
// the top. One mechanism for both ways it happens:
// - an in-app page change (a link, a tile, "go to the trolley"): the new
//   page's heading, once the page has drawn it;
// - the focused control vanishes as its page redraws (a reload after a save,
//   a tag chip that opens another activity): the same control once it is back
//   (same id, or same test id and text), else the page's heading.
// A window (./dialog.tsx) places and gives back the focus itself: nothing
// lands while one is open.
import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

/** How long a page may take to draw what the focus is waiting for. */
const WAIT_MS = 5000;
const STEP_MS = 50;

let waiting: ReturnType<typeof setTimeout> | null = null;

const heading = () => document.querySelector<HTMLElement>("main h1");

/** The same control redrawn: by id, else by test id and text. */
function sameControl(lost: Element): () => HTMLElement | null {
  const id = lost.id;
  const testId = lost.getAttribute("data-testid");
  const text = lost.textContent;
  return () => {
    if (id) return document.getElementById(id);
    if (!testId) return null;
    return [...document.querySelectorAll<HTMLElement>(`[data-testid="${CSS.escape(testId)}"]`)].find((e) => e.textContent === text) ?? null;
  };
}

/**
 * Puts the focus on what `find` returns once it is there, unless something
 * else took the focus meanwhile (anything but the page or `from`, the control
 * that started the change).
 */
function land(find: () => HTMLElement | null, from: Element | null) {
  if (waiting) clearTimeout(waiting);
  const until = Date.now() + WAIT_MS;
  const step = () => {
    waiting = null;
    const active = document.activeElement;
    if (active && active !== document.body && active !== from && active.isConnected) return;
    const target = document.querySelector("[aria-modal=true]") ? null : find();
    if (target) {
      if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.tabIndex = -1;
      return target.focus();
    }
    if (Date.now() < until) waiting = setTimeout(step, STEP_MS);
  };
  waiting = setTimeout(step, 0);
}

/** Installed once, by the frame of the signed-in pages. */
export function useFocusKeeper() {
  const [path] = useLocation();
  const shown = useRef(path);

  useEffect(() => {
    if (shown.current === path) return;
    shown.current = path;
    land(heading, document.activeElement);
  }, [path]);

  useEffect(() => {
    let last: Element | null = null;
    const focused = (event: FocusEvent) => {
      last = event.target instanceof Element ? event.target : null;
    };
    const watch = new MutationObserver(() => {
      if (!last || last.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
      const lost = last;
      last = null;
      const control = sameControl(lost);
      land(() => control() ?? heading(), null);
    });
    document.addEventListener("focusin", focused);
    watch.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener("focusin", focused);
      watch.disconnect();
      if (waiting) clearTimeout(waiting);
    };
  }, []);
}
