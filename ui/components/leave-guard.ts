// Unsaved edits ask before the page is left (docs/decisions.md 38). A page
// holding edits calls useLeaveGuard(edited, question); then every in-app
// navigation (links and menus through the router's aroundNav, Back and
// Forward through popstate) asks the question first, and closing or
// reloading the tab gets the browser's own "leave site?" prompt.
import { useEffect } from "react";
import type { AroundNavHandler } from "wouter";
import { session } from "../state/session";
import { confirm } from "./message-box";

/** The question of the page that holds edits, and where that page is; null when nothing is held. */
let held: { question: string; at: string } | null = null;

const here = () => location.pathname + location.search;

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older Chromium shows the prompt only when returnValue is set.
  event.returnValue = "";
}

/** Holds the page while `edited` is true; the question is asked before it is left. */
export function useLeaveGuard(edited: boolean, question: string) {
  useEffect(() => {
    if (!edited) return;
    const mine = { question, at: here() };
    held = mine;
    addEventListener("beforeunload", onBeforeUnload);
    return () => {
      if (held === mine) held = null;
      removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [edited, question]);
}

/** Asks the held question, if any; true when the page may be left (the edits are then let go). */
async function mayLeave(): Promise<boolean> {
  if (!held) return true;
  if (!(await confirm(held.question))) return false;
  held = null;
  removeEventListener("beforeunload", onBeforeUnload);
  return true;
}

/**
 * The router's aroundNav. The app's own redirects (replace) and the way out
 * after signing out (already confirmed) pass; a navigation to the page itself
 * is no leaving.
 */
export const guardedNavigation: AroundNavHandler = (navigate, to, options) => {
  if (!held || options?.replace || !session.user || to === here()) return navigate(to, options);
  void mayLeave().then((ok) => ok && navigate(to, options));
};

/**
 * Back and Forward have already changed the address when popstate arrives:
 * the router must not hear it until the member answers. Installed before the
 * app renders, so this listener runs before the router's own.
 */
export function installLeaveGuard() {
  addEventListener("popstate", (event) => {
    if (!held) return;
    event.stopImmediatePropagation();
    const target = here();
    history.pushState(history.state, "", held.at);
    void mayLeave().then((ok) => ok && history.pushState(null, "", target));
  });
}
