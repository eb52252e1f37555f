// The activity editor's wording, layout and covers (spec 3 sections 2.2, 2.3,
// 5 "Images", 6 and 7): /activity/text, /activity/style, /activity/face/save
// and /activity/team/face/save, who may call them, what they keep, and the
// style allowlist against a CSS injection set, through the real protocol.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { activities, operationLog, teams } from "../../src/db/schema";
import { ACTIVITY_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { WORDING_KEYS } from "../../src/protocol/wording";
import { makeActivity, makeModule, makeTeam } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";
import { TINY_PNG } from "../helpers/routes";

type Answer = Record<string, any>;
let t: TestApp;
let editor: ApiClient;
let operator: ApiClient;
let member: ApiClient;
let cover: string;

beforeAll(async () => {
  t = await startTestApp();
  editor = await t.as("cn000002");
  operator = await t.as("cn000003");
  member = await t.as("cn100001");
  cover = (await editor.upload<{ path: string }>("/file/upload/image", new Blob([TINY_PNG], { type: "image/png" }), "cover.png")).path!;
}, 60_000);
afterAll(() => t.close());

const row = async (id: number) => (await t.db.select().from(activities).where(eq(activities.id, id)))[0]!;
const info = async (id: number, who: ApiClient = member) => (await who.call<Answer>("/activity/info", { id })).activity as Answer;
const code = (answer: Answer) => answer.message.code as string;
const fresh = async (over: Parameters<typeof makeActivity>[1] = {}) => makeActivity(t.db, over);
const logged = async (action: string, id: number) => t.db.select().from(operationLog).where(and(eq(operationLog.action, action), eq(operationLog.targetId, String(id))));

describe("who may call them", () => {
  test("a member and an operator are refused every call, and nothing changes", async () => {
    const a = await fresh();
    const team = await makeTeam(t.db, a.moduleId);
    const calls: [string, object][] = [
      ["/activity/text", { id: a.id, content: { signUp: { zh: "抢", en: "Grab" } } }],
      ["/activity/style", { id: a.id, style: { img: { visible: false, style: {} } } }],
      ["/activity/face/save", { id: a.id, face: cover }],
      ["/activity/team/face/save", { id: team.id, face: cover }],
    ];
    for (const who of [member, operator]) for (const [path, payload] of calls) expect(code(await who.call(path, payload))).toBe("ERROR_NOT_POWER");
    expect(await row(a.id)).toMatchObject({ wording: {}, style: {}, face: null });
  });

  test("an offline activity has no actions; a missing one is not found", async () => {
    const a = await fresh({ state: ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE });
    const refused = [
      await editor.call<Answer>("/activity/text", { id: a.id, content: { signUp: { zh: "抢", en: "" } } }),
      await editor.call<Answer>("/activity/style", { id: a.id, style: { img: { visible: false, style: {} } } }),
      await editor.call<Answer>("/activity/face/save", { id: a.id, face: cover }),
    ];
    for (const answer of refused) expect(answer.message).toMatchObject({ code: "ERROR_NOT_POWER", params: { reason: "offline" } });
    expect(await row(a.id)).toMatchObject({ wording: {}, style: {}, face: null });
    expect(code(await editor.call("/activity/text", { id: 999_999, content: {} }))).toBe("ERROR_RESULT_NULL");
    expect(code(await editor.call("/activity/style", { id: 999_999, style: {} }))).toBe("ERROR_RESULT_NULL");
    expect(code(await editor.call("/activity/face/save", { id: 999_999, face: cover }))).toBe("ERROR_RESULT_NULL");
    expect(code(await editor.call("/activity/team/face/save", { id: 999_999, face: cover }))).toBe("ERROR_RESULT_NULL");
  });

  test("a preview activity is editable", async () => {
    const a = await fresh({ state: ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW });
    expect(code(await editor.call("/activity/text", { id: a.id, content: { full: { zh: "没了", en: "Gone" } } }))).toBe("SUCCESS");
  });
});

describe("/activity/text", () => {
  test("the fourteen texts go round: saved by the editor, read by a member in /activity/info, logged", async () => {
    const a = await fresh();
    const content = Object.fromEntries(WORDING_KEYS.map((k, i) => [k, { zh: `中${i}`, en: `E${i}` }]));
    const answer = await editor.call<Answer>("/activity/text", { id: a.id, content });
    expect(code(answer)).toBe("SUCCESS");
    expect(answer.content).toEqual(content);
    expect((await info(a.id)).wording).toEqual(content);
    expect(await logged("activity.text", a.id)).toHaveLength(1);
  });

  test("texts are trimmed and escaped; an empty one is not kept, so the page's default shows", async () => {
    const a = await fresh();
    const answer = await editor.call<Answer>("/activity/text", {
      id: a.id,
      content: { signUp: { zh: "  <b>抢</b>  ", en: " " }, full: { zh: "", en: "  " }, success: { zh: "", en: "Done <script>" } },
    });
    expect(code(answer)).toBe("SUCCESS");
    const expected = { signUp: { zh: "&lt;b&gt;抢&lt;/b&gt;", en: "" }, success: { zh: "", en: "Done &lt;script&gt;" } };
    expect(answer.content).toEqual(expected);
    expect((await row(a.id)).wording).toEqual(expected);
    // Saving again replaces the whole: an empty object brings every default back.
    expect(code(await editor.call("/activity/text", { id: a.id, content: {} }))).toBe("SUCCESS");
    expect((await row(a.id)).wording).toEqual({});
  });

  test("a text too long or a key that is not one of the fourteen is refused, named, and nothing is saved", async () => {
    const a = await fresh();
    await editor.call("/activity/text", { id: a.id, content: { end: { zh: "截止", en: "Ends" } } });
    const long = await editor.call<Answer>("/activity/text", { id: a.id, content: { end: { zh: "截止", en: "x".repeat(21) }, full: { zh: "满", en: "Full" } } });
    expect(long.message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "content", key: "end", language: "en", max: 20 } });
    // Counted as typed: twenty angle brackets are twenty characters, not eighty.
    expect(code(await editor.call("/activity/text", { id: a.id, content: { end: { zh: "<".repeat(20), en: "" } } }))).toBe("SUCCESS");
    expect(code(await editor.call("/activity/text", { id: a.id, content: { success: { zh: "好".repeat(201), en: "" } } }))).toBe("ERROR_PARAMS");
    const unknown = await editor.call<Answer>("/activity/text", { id: a.id, content: { title: { zh: "标题", en: "Title" } } });
    expect(unknown.message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "content", key: "title" } });
    expect(code(await editor.call("/activity/text", { id: a.id, content: { signUp: { zh: "抢" } } }))).toBe("ERROR_PARAMS");
    expect(code(await editor.call("/activity/text", { id: a.id, content: { signUp: { zh: "抢", en: "Grab", fr: "Vite" } } }))).toBe("ERROR_PARAMS");
    expect((await row(a.id)).wording).toEqual({ end: { zh: "&lt;".repeat(20), en: "" } });
  });
});

const LAYOUT = {
  "activity-body": { visible: true, style: { left: "0px", top: "0px", width: "1160px", height: "400px", "z-index": "100", "background-color": "#fff8e6" } },
  img: { visible: true, style: { left: "620px", top: "24px", width: "516px", height: "300px", "z-index": "101", "border-radius": "16px" } },
  title: { visible: true, style: { left: "24px", top: "24px", width: "560px", "z-index": "102", "font-size": "32px", color: "#9b1c2c" } },
  button: { visible: true, style: { left: "24px", top: "320px", width: "200px", height: "44px", "z-index": "103" }, hover: { "background-color": "#7a1522" } },
  price: { visible: false, style: {} },
};

describe("/activity/style", () => {
  test("a layout goes round: visibility, places, layers, looks and the button's hover", async () => {
    const a = await fresh();
    const answer = await editor.call<Answer>("/activity/style", { id: a.id, style: LAYOUT });
    expect(code(answer)).toBe("SUCCESS");
    expect(answer.message.id).toBe(0);
    expect(answer.style).toEqual(LAYOUT);
    expect((await info(a.id)).style).toEqual(LAYOUT);
    expect(await logged("activity.style", a.id)).toHaveLength(1);
    // An empty layout brings the page back as it always was.
    expect(code(await editor.call("/activity/style", { id: a.id, style: {} }))).toBe("SUCCESS");
    expect((await row(a.id)).style).toEqual({});
  });

  test("property names and values are stored in lower case, spaces single", async () => {
    const a = await fresh();
    const answer = await editor.call<Answer>("/activity/style", { id: a.id, style: { title: { visible: true, style: { "Font-Size": " 20PX ", COLOR: "#ABCDEF", border: "1px   solid  red" } } } });
    expect(answer.style).toEqual({ title: { visible: true, style: { "font-size": "20px", color: "#abcdef", border: "1px solid red" } } });
  });

  // Each is refused by name, and the layout saved before stays whole.
  const INJECTIONS: [string, Record<string, string>, string][] = [
    ["url()", { "background-image": "url(https://evil.example/a.png)" }, "background-image"],
    ["url() in an allowed property", { "background-color": "url(https://evil.example/a.png)" }, "background-color"],
    ["expression()", { width: "expression(alert(1))" }, "width"],
    ["javascript:", { color: "javascript:alert(1)" }, "color"],
    ["@import", { color: "@import url(x.css)" }, "color"],
    ["a second declaration", { color: "red; background: url(x)" }, "color"],
    ["behaviour", { behavior: "url(a.htc)" }, "behavior"],
    ["-moz-binding", { "-moz-binding": "url(x.xml#xss)" }, "-moz-binding"],
    ["position fixed", { position: "fixed" }, "position"],
    ["position in capitals", { POSITION: "FIXED" }, "position"],
    ["a huge offset", { top: "1000000px" }, "top"],
    ["a negative offset", { left: "-500px" }, "left"],
    ["off the page's side", { left: "1100px" }, "left"],
    ["a layer under 100", { "z-index": "99" }, "z-index"],
    ["a layer over everything", { "z-index": "2147483647" }, "z-index"],
    ["a unicode escape", { color: "\\75rl(x)" }, "color"],
    ["an escaped forbidden word", { color: "expr\\65ssion(alert(1))" }, "color"],
    ["a comment hiding a word", { color: "exp/**/ression(alert(1))" }, "color"],
    ["a comment before a value", { color: "/*x*/red" }, "color"],
    ["full-width letters", { color: "ｕｒｌ(x)" }, "color"],
    ["odd case hiding a property", { "Background-Image": "none" }, "background-image"],
    ["!important", { color: "red !important" }, "color"],
  ];
  test("the CSS injection set is refused, each naming element and property, and nothing is saved", async () => {
    const a = await fresh();
    expect(code(await editor.call("/activity/style", { id: a.id, style: LAYOUT }))).toBe("SUCCESS");
    for (const [, style, property] of INJECTIONS) {
      const answer = await editor.call<Answer>("/activity/style", { id: a.id, style: { ...LAYOUT, title: { visible: true, style } } });
      expect([answer.message.code, answer.message.params]).toEqual(["ERROR_PARAMS", { field: "style", element: "title", property }]);
    }
    const hover = await editor.call<Answer>("/activity/style", { id: a.id, style: { button: { visible: true, style: {}, hover: { "background-color": "url(x)" } } } });
    expect(hover.message.params).toEqual({ field: "style", element: "button", property: "hover.background-color" });
    const notButton = await editor.call<Answer>("/activity/style", { id: a.id, style: { title: { visible: true, style: {}, hover: { color: "red" } } } });
    expect(notButton.message.params).toEqual({ field: "style", element: "title", property: "hover" });
    const element = await editor.call<Answer>("/activity/style", { id: a.id, style: { iframe: { visible: true, style: {} } } });
    expect(element.message.params).toEqual({ field: "style", element: "iframe" });
    expect((await row(a.id)).style).toEqual(LAYOUT);
  });

  test("a malformed layout is refused before any verb: a number for a value, a missing flag, an extra field", async () => {
    const a = await fresh();
    for (const style of [{ title: { visible: true, style: { "z-index": 150 } } }, { title: { style: {} } }, { title: { visible: true, style: {}, script: "x" } }, { title: "x" }]) {
      expect(code(await editor.call("/activity/style", { id: a.id, style }))).toBe("ERROR_PARAMS");
    }
    expect((await row(a.id)).style).toEqual({});
  });
});

describe("covers", () => {
  test("an activity's cover is saved from the upload's address or its file record, shown to members, and taken away with null", async () => {
    const a = await fresh();
    const answer = await editor.call<Answer>("/activity/face/save", { id: a.id, face: cover });
    expect([code(answer), answer.face]).toEqual(["SUCCESS", cover]);
    expect((await info(a.id)).face).toBe(cover);
    expect(await logged("activity.face", a.id)).toHaveLength(1);
    expect(code(await editor.call("/activity/face/save", { id: a.id, face: null }))).toBe("SUCCESS");
    expect((await row(a.id)).face).toBeNull();
    const record = { filePath: cover, contentType: "image/png", format: "png", name: "cover.png" };
    expect(code(await editor.call("/activity/face/save", { id: a.id, face: record }))).toBe("SUCCESS");
    expect((await row(a.id)).face).toBe(cover);
  });

  test("an address the upload did not answer is refused", async () => {
    const a = await fresh({ face: cover });
    for (const face of ["https://evil.example/x.png", "javascript:alert(1)", "/api/file/get?key=abc.png", `${cover}&x=1`, "", { filePath: "/etc/passwd" }]) {
      const answer = await editor.call<Answer>("/activity/face/save", { id: a.id, face });
      expect([code(answer), answer.message.params?.field]).toEqual(["ERROR_PARAMS", "face"]);
    }
    expect((await row(a.id)).face).toBe(cover);
  });

  test("a team's cover is saved and the module page's tile shows it; a team whose activities are all offline has no actions", async () => {
    const module = await makeModule(t.db);
    const team = await makeTeam(t.db, module.id);
    const a = await fresh({ moduleId: module.id, teamId: team.id });
    expect(code(await editor.call("/activity/team/face/save", { id: team.id, face: cover }))).toBe("SUCCESS");
    expect((await t.db.select().from(teams).where(eq(teams.id, team.id)))[0]!.face).toBe(cover);
    expect((await info(a.id)).team.face).toBe(cover);
    expect(await logged("team.face", team.id)).toHaveLength(1);
    await t.db.update(activities).set({ state: ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE }).where(eq(activities.id, a.id));
    const answer = await editor.call<Answer>("/activity/team/face/save", { id: team.id, face: null });
    expect(answer.message).toMatchObject({ code: "ERROR_NOT_POWER", params: { reason: "offline" } });
    expect(code(await editor.call("/activity/team/face/save", { id: team.id, face: "http://x/y.png" }))).toBe("ERROR_PARAMS");
  });
});
