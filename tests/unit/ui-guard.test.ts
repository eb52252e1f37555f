import { describe, expect, test } from "bun:test";
import { ROUTE_TABLE, factorGate, guard, routeOf } from "../../ui/lib/route-table";

const member = { initialised: true, signedIn: true, powers: [] as string[] };

describe("the route table", () => {
  test("has every path of spec 1 with its name", () => {
    const expected: Record<string, string> = {
      "/": "login",
      "/index": "index",
      "/activity": "activityIndex",
      "/market": "marketIndex",
      "/market/info": "marketInfo",
      "/activity/module": "activityModule",
      "/activity/info": "activityInfo",
      "/information": "information",
      "/operation/user": "userOperation",
      "/operation/property": "propertyOperation",
      "/news/list": "newsList",
      "/news/info": "newsInfo",
      "/session/list": "chatList",
      "/session/info": "chatInfo",
      "/market/cart": "shoppingcart",
      "/market/place": "place",
      "/system": "browse",
      "/system/chat": "browseChat",
      // Issue 29: the money owed back.
      "/system/refunds": "refunds",
      // Issue 31 item 4: how long a departed member's data is kept.
      "/system/privacy": "privacy",
      // Issue 20: check-in at the door, the member card, and the shop's public verify page.
      "/activity/checkin": "checkIn",
      // Issue 32: the lotteries and their draws.
      "/activity/lottery": "lottery",
      // Issue 32 item 4: the staff's surveys and votes.
      "/activity/surveys": "surveyAdmin",
      // Issue 32 item 2: the reminders scheduled and sent.
      "/system/reminders": "reminders",
      "/card": "memberCard",
      "/card/verify": "cardVerify",
      // Issue 32 item 3: the applications to join, and the public page a worker applies from.
      "/operation/applications": "applications",
      "/join": "join",
      // Issue 32 item 4: a survey or vote, answered or its result read.
      "/survey": "survey",
    };
    expect(Object.fromEntries(ROUTE_TABLE.map((r) => [r.path, r.name as string]))).toEqual(expected);
  });

  test("member and property management, the system pages, check-in and the lotteries need a power; refunds any of two", () => {
    const guarded = ROUTE_TABLE.filter((r) => r.power).map((r) => [r.path, r.power]);
    expect(guarded).toEqual([
      ["/operation/user", "FUNCTION_USER_OPERATION_FIND"],
      ["/operation/property", "FUNCTION_PROPERTY_OPERATION_FIND"],
      ["/system", "FUNCTION_SYSTEM_PAGE"],
      ["/system/chat", "FUNCTION_CHAT_OPERATION"],
      ["/system/refunds", ["FUNCTION_ACTIVITY_ORDER", "FUNCTION_MEMBER_EDIT"]],
      ["/system/privacy", "FUNCTION_USER_OPERATION_STATE"],
      ["/activity/checkin", "FUNCTION_ACTIVITY_CHECK_IN"],
      ["/activity/lottery", "FUNCTION_ACTIVITY_LOTTERY"],
      ["/activity/surveys", "FUNCTION_SURVEY_EDIT"],
      ["/system/reminders", "FUNCTION_REMINDERS"],
      ["/operation/applications", "FUNCTION_USER_APPLICATIONS"],
    ]);
    // The applications to join: their own power, which the operators hold, not member management's.
    expect(guard(routeOf("/operation/applications"), { ...member, powers: ["FUNCTION_USER_APPLICATIONS"] })).toBe("pass");
    expect(guard(routeOf("/operation/applications"), { ...member, powers: ["FUNCTION_USER_OPERATION_FIND", "FUNCTION_SYSTEM_PAGE"] })).toBe("forbidden");
    // The page a worker applies from is outside the guard: anyone opens it.
    expect(routeOf("/join")).toMatchObject({ public: true });
    expect(routeOf("/join")?.power).toBeUndefined();
    // The reminders: their own power, which the operators hold, not the system page's.
    expect(guard(routeOf("/system/reminders"), { ...member, powers: ["FUNCTION_REMINDERS"] })).toBe("pass");
    expect(guard(routeOf("/system/reminders"), { ...member, powers: ["FUNCTION_SYSTEM_PAGE"] })).toBe("forbidden");
    // The lotteries: their own power, which the editors hold, not the system page's.
    expect(guard(routeOf("/activity/lottery"), { ...member, powers: ["FUNCTION_ACTIVITY_LOTTERY"] })).toBe("pass");
    expect(guard(routeOf("/activity/lottery"), { ...member, powers: ["FUNCTION_ACTIVITY_EDIT", "FUNCTION_SYSTEM_PAGE"] })).toBe("forbidden");
    // The surveys and votes: their own power, which the editors hold, not the activity editor's.
    expect(guard(routeOf("/activity/surveys"), { ...member, powers: ["FUNCTION_SURVEY_EDIT"] })).toBe("pass");
    expect(guard(routeOf("/activity/surveys"), { ...member, powers: ["FUNCTION_ACTIVITY_EDIT", "FUNCTION_ACTIVITY_LOTTERY"] })).toBe("forbidden");
    // Any one of several powers opens a page that names them.
    expect(guard(routeOf("/system/refunds"), { ...member, powers: ["FUNCTION_MEMBER_EDIT"] })).toBe("pass");
    expect(guard(routeOf("/system/refunds"), { ...member, powers: ["FUNCTION_ACTIVITY_ORDER"] })).toBe("pass");
    expect(guard(routeOf("/system/refunds"), { ...member, powers: ["FUNCTION_SYSTEM_PAGE"] })).toBe("forbidden");
    // The departed members' data: the power that marks members as left, not the system page's.
    expect(guard(routeOf("/system/privacy"), { ...member, powers: ["FUNCTION_USER_OPERATION_STATE"] })).toBe("pass");
    expect(guard(routeOf("/system/privacy"), { ...member, powers: ["FUNCTION_SYSTEM_PAGE"] })).toBe("forbidden");
  });

  test("finds a route with or without a trailing slash, and nothing for an unknown path", () => {
    expect(routeOf("/news/list")?.name).toBe("newsList");
    expect(routeOf("/news/list/")?.name).toBe("newsList");
    expect(routeOf("/")?.name).toBe("login");
    expect(routeOf("/nowhere")).toBeNull();
  });
});

describe("the navigation guard", () => {
  test("initialises the session first when the token or the type table is missing", () => {
    expect(guard(routeOf("/index"), { initialised: false, signedIn: true, powers: [] })).toBe("init");
  });

  test("sends a visitor without a user to login", () => {
    expect(guard(routeOf("/information"), { initialised: true, signedIn: false, powers: [] })).toBe("login");
  });

  test("tells a member without the power that a staff page is not theirs, on every staff route", () => {
    for (const path of ["/operation/user", "/operation/property", "/system", "/system/chat", "/system/", "/system/privacy", "/activity/lottery", "/system/reminders", "/operation/applications"]) {
      expect(guard(routeOf(path), member)).toBe("forbidden");
    }
    expect(guard(routeOf("/operation/user"), { ...member, powers: ["FUNCTION_PROPERTY_OPERATION_FIND"] })).toBe("forbidden");
  });

  test("lets a member with the power, and any member on an open page, through", () => {
    expect(guard(routeOf("/operation/user"), { ...member, powers: ["FUNCTION_USER_OPERATION_FIND"] })).toBe("pass");
    expect(guard(routeOf("/operation/property"), { ...member, powers: ["FUNCTION_PROPERTY_OPERATION_FIND"] })).toBe("pass");
    expect(guard(routeOf("/system"), { ...member, powers: ["FUNCTION_SYSTEM_PAGE"] })).toBe("pass");
    expect(guard(routeOf("/information"), member)).toBe("pass");
    expect(guard(null, member)).toBe("pass");
  });

  test("asks for sign-in before it judges powers", () => {
    expect(guard(routeOf("/system"), { initialised: true, signedIn: false, powers: [] })).toBe("login");
  });
});

describe("the second factor's gate on staff pages (issue 31 item 1)", () => {
  const now = Date.parse("2026-03-02T01:30:00.000Z");
  const due = (deadline: string | null, enrolled = false) => ({ enrolled, required: true, deadline });

  test("reminds staff without a second factor until the deadline, and shuts the staff page from it", () => {
    expect(factorGate(routeOf("/system/privacy"), due("2026-03-05T01:30:00.000Z"), now)).toBe("remind");
    expect(factorGate(routeOf("/activity/checkin"), due("2026-03-02T01:30:00.000Z"), now)).toBe("shut");
    expect(factorGate(routeOf("/system/refunds"), due("2026-02-01T00:00:00.000Z"), now)).toBe("shut");
  });

  test("leaves open every page for everybody, an enrolled or unrequired account, and a user view without the state", () => {
    expect(factorGate(routeOf("/information"), due("2026-02-01T00:00:00.000Z"), now)).toBe("open");
    expect(factorGate(null, due("2026-02-01T00:00:00.000Z"), now)).toBe("open");
    expect(factorGate(routeOf("/system"), { enrolled: true, required: true, deadline: null }, now)).toBe("open");
    expect(factorGate(routeOf("/system"), { enrolled: false, required: false, deadline: null }, now)).toBe("open");
    expect(factorGate(routeOf("/system"), due(null), now)).toBe("open");
    expect(factorGate(routeOf("/system"), undefined, now)).toBe("open");
  });
});
