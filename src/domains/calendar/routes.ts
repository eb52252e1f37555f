import { Type as t } from "@sinclair/typebox";
import { command, domain, download, query } from "../../http/kit";
import { calendarFeed, createFeed, feedState, orderCalendar, revokeFeed, TOKEN_PATTERN } from "./service";

const tradeField = t.String({ pattern: "^[A-Za-z0-9-]{1,64}$", maxLength: 64 });
/** The language the page is read in: the file's texts follow it. */
const language = t.Optional(t.Union([t.Literal("zh"), t.Literal("en")]));

export const calendarDomain = domain("calendar", [
  download("/order/calendar", { access: "user", input: t.Object({ trade: tradeField, language }) }, orderCalendar),
  // A calendar app cannot sign: a plain GET, its private token in the address; per client address a budget, per feed another (the verb).
  download(
    "/calendar/feed",
    { access: "public", input: t.Object({ token: t.String({ pattern: TOKEN_PATTERN, maxLength: 43 }) }), throttle: () => ({ key: "calendar-feed", burst: 60, perSecond: 1 }) },
    calendarFeed,
  ),
  query("/user/calendar", { access: "user" }, feedState),
  command("/user/calendar/create", { access: "user", input: t.Object({ language }), audit: "calendar.create" }, createFeed),
  command("/user/calendar/revoke", { access: "user", audit: "calendar.revoke" }, revokeFeed),
]);
