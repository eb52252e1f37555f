// The route table of spec 1 section 2 (names, paths, required powers) and the
// navigation guard's rule, kept apart from React so they are tested alone.
import type { PowerCode } from "../../src/protocol/powers";

export type RouteName =
  | "login"
  | "index"
  | "activityIndex"
  | "marketIndex"
  | "marketInfo"
  | "activityModule"
  | "activityInfo"
  | "information"
  | "userOperation"
  | "propertyOperation"
  | "newsList"
  | "newsInfo"
  | "chatList"
  | "chatInfo"
  | "shoppingcart"
  | "place"
  | "browse"
  | "browseChat"
  | "refunds"
  | "privacy"
  | "checkIn"
  | "lottery"
  | "surveyAdmin"
  | "reminders"
  | "memberCard"
  | "cardVerify"
  | "applications"
  | "join"
  | "survey";

/** `public`: a page anyone opens without signing in, outside the guard and the member pages' chunk (the shop's verify page). */
/** `power`: the one the page needs, or several of which any one will do. */
export type RouteInfo = { name: RouteName; path: string; power?: PowerCode | readonly PowerCode[]; public?: true };

/** The personal centre's pages, chosen by /information?page=...; the first is the default. */
export const CENTRE_PAGES = ["information", "security", "reminders", "member", "address", "family", "order", "integral"] as const;
export type CentrePageName = (typeof CENTRE_PAGES)[number];

export const ROUTE_TABLE: readonly RouteInfo[] = [
  { name: "login", path: "/" },
  { name: "index", path: "/index" },
  { name: "activityIndex", path: "/activity" },
  { name: "marketIndex", path: "/market" },
  { name: "marketInfo", path: "/market/info" },
  { name: "activityModule", path: "/activity/module" },
  { name: "activityInfo", path: "/activity/info" },
  { name: "information", path: "/information" },
  { name: "userOperation", path: "/operation/user", power: "FUNCTION_USER_OPERATION_FIND" },
  { name: "propertyOperation", path: "/operation/property", power: "FUNCTION_PROPERTY_OPERATION_FIND" },
  { name: "newsList", path: "/news/list" },
  { name: "newsInfo", path: "/news/info" },
  { name: "chatList", path: "/session/list" },
  { name: "chatInfo", path: "/session/info" },
  { name: "shoppingcart", path: "/market/cart" },
  { name: "place", path: "/market/place" },
  // Spec 3: the system pages are the system-management entry's (FUNCTION_SYSTEM_PAGE);
  // the manager's thread view belongs to the mailbox manager.
  { name: "browse", path: "/system", power: "FUNCTION_SYSTEM_PAGE" },
  { name: "browseChat", path: "/system/chat", power: "FUNCTION_CHAT_OPERATION" },
  // Issue 29: the money owed back, for the officers of what it paid for (sign-up orders, dues).
  { name: "refunds", path: "/system/refunds", power: ["FUNCTION_ACTIVITY_ORDER", "FUNCTION_MEMBER_EDIT"] },
  // Issue 31 item 4: how long a departed member's data is kept, for the officers who mark members as left.
  { name: "privacy", path: "/system/privacy", power: "FUNCTION_USER_OPERATION_STATE" },
  // Issue 20: the door's check-in page (?activity= the activity chosen).
  { name: "checkIn", path: "/activity/checkin", power: "FUNCTION_ACTIVITY_CHECK_IN" },
  // Issue 32: the lotteries and each one's draw (?activity= the activity), for the officers of the draws.
  { name: "lottery", path: "/activity/lottery", power: "FUNCTION_ACTIVITY_LOTTERY" },
  // Issue 32 item 4: the surveys and votes, made, followed and their results read (?id= one survey), for the officers who run them; beside the lotteries, the editors' other page of the activities' area.
  { name: "surveyAdmin", path: "/activity/surveys", power: "FUNCTION_SURVEY_EDIT" },
  // Issue 32 item 2: the reminders scheduled over the next day and those sent, for the officers who watch them.
  { name: "reminders", path: "/system/reminders", power: "FUNCTION_REMINDERS" },
  // Issue 20: the member's electronic card, and the page a partner shop opens from its QR (docs/decisions.md 97).
  { name: "memberCard", path: "/card" },
  { name: "cardVerify", path: "/card/verify", public: true },
  // Issue 32 item 3: the applications to join sent online, for the officers who review them; and the page a worker applies from, open to anyone.
  { name: "applications", path: "/operation/applications", power: "FUNCTION_USER_APPLICATIONS" },
  { name: "join", path: "/join", public: true },
  // Issue 32 item 4: one survey or vote (?id=), answered by the members it is meant for, or a vote's published result.
  { name: "survey", path: "/survey" },
];

const byPath = new Map(ROUTE_TABLE.map((r) => [r.path, r]));

/** The route of a path; a trailing slash is ignored. Unknown paths give null. */
export function routeOf(path: string): RouteInfo | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return byPath.get(clean) ?? null;
}

export const pathOf = (name: RouteName): string => ROUTE_TABLE.find((r) => r.name === name)!.path;

export type GuardState = { initialised: boolean; signedIn: boolean; powers: readonly string[] };

/**
 * What the guard does before showing a page other than login: initialise the
 * session first, send a visitor with no user to login, and tell a member
 * without the route's power back where they came from ("forbidden": sent back
 * as the spec says, with a message naming the page; docs/decisions.md 38).
 */
export function guard(route: Pick<RouteInfo, "power"> | null, state: GuardState): "init" | "login" | "forbidden" | "pass" {
  if (!state.initialised) return "init";
  if (!state.signedIn) return "login";
  const needs: readonly string[] = typeof route?.power === "string" ? [route.power] : (route?.power ?? []);
  if (needs.length > 0 && !needs.some((p) => state.powers.includes(p))) return "forbidden";
  return "pass";
}

/** What the user view says of a member's second factor (src/domains/second-factor/policy.ts). */
export type FactorState = { enrolled: boolean; required: boolean; deadline: string | null };

/**
 * Issue 31 item 1, on a staff page (a route that needs a power): a staff
 * account without a second factor is reminded until the deadline ("remind")
 * and shut out of the page once it has passed ("shut"), as the server then
 * refuses every staff call; anyone else, or a page for everybody, "open".
 * A stored user of before the feature (no state) is open.
 */
export function factorGate(route: Pick<RouteInfo, "power"> | null, factor: FactorState | null | undefined, now: number): "open" | "remind" | "shut" {
  if (!route?.power || !factor?.required || factor.enrolled || !factor.deadline) return "open";
  const deadline = Date.parse(factor.deadline);
  if (Number.isNaN(deadline)) return "open";
  return deadline <= now ? "shut" : "remind";
}
