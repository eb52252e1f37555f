// The membership-dues window (spec 1 section 2): whether it is open and why,
// and the page-visit report whose answer can ask for it.
import { proxy } from "valtio";
import { PAGE } from "../../src/protocol/enumerations";
import type { RouteName } from "../lib/route-table";
import { api } from "../api";

export type DuesReason = "member" | "intercept";

export const membership = proxy({
  open: false,
  /** "intercept": the server asked for the prompt; the window then says why. */
  reason: "member" as DuesReason,
  /** The page's visit report has answered, so whether the prompt opens is known (home waits for it before its announcement). */
  visitAnswered: false,
});

export function openDues(reason: DuesReason = "member") {
  membership.reason = reason;
  membership.open = true;
}

export function closeDues() {
  membership.open = false;
}

/** The query flag that opens the window on any page: /index?showMember=1. */
export const SHOW_MEMBER = "showMember";

/** The pages whose visits are reported (spec 1 section 2), with their PAGE_* ids. */
export const VISITED_PAGES: Partial<Record<RouteName, number>> = {
  index: PAGE.PAGE_INDEX,
  activityIndex: PAGE.PAGE_ACTIVITY_INDEX,
  activityModule: PAGE.PAGE_ACTIVITY_MODULE,
  activityInfo: PAGE.PAGE_ACTIVITY_INFO,
  information: PAGE.PAGE_INFORMATION,
  newsList: PAGE.PAGE_NEWS_LIST,
  newsInfo: PAGE.PAGE_NEWS_INFO,
  chatList: PAGE.PAGE_CHAT_LIST,
  chatInfo: PAGE.PAGE_CHAT_INFO,
};

export type VisitOutcome = "pass" | "toIndex" | "prompt";

/**
 * Reports a visit of a listed page. MEMBER_INTERCEPT_ADOPT (the member may
 * see only the home page until the dues are paid) sends them to the prompt
 * on home; MEMBER_INTERCEPT_NO_POWER shows the prompt where they are.
 */
export async function reportVisit(route: RouteName, search: string): Promise<VisitOutcome> {
  const page = VISITED_PAGES[route];
  if (!page) return "pass";
  const params = Object.fromEntries(new URLSearchParams(search));
  const answer = await api.call("/system/visit", { params: JSON.stringify(params), page });
  const code = answer.message?.code;
  if (code === "MEMBER_INTERCEPT_ADOPT" && route !== "index") return "toIndex";
  if (code === "MEMBER_INTERCEPT_ADOPT" || code === "MEMBER_INTERCEPT_NO_POWER") return "prompt";
  return "pass";
}
