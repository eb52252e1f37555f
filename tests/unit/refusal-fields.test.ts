// A schema refusal's path (src/http/input.ts) finds the form field that shows it,
// and the activity editor's sentence for the place it names.
import { describe, expect, test } from "bun:test";
import { fieldPath } from "../../src/http/input";
import { message } from "../../src/protocol/result";
import { stubLocalStorage } from "../helpers/local-storage";

// The form modules reach the browser's session store, which reads localStorage on load.
stubLocalStorage();
const { refusedField, schemaRefusal } = await import("../../ui/components/form-dialog");
const { placeOf, refusalKey } = await import("../../ui/pages/activity/editor/editor-data");
const { allocationPart, BASIC_FIELDS } = await import("../../ui/pages/activity/editor/basic-form");
type BasicForm = import("../../ui/pages/activity/editor/basic-form").BasicForm;

describe("a schema refusal's field", () => {
  test("a JSON pointer reads as a path", () => {
    expect(fieldPath("")).toBe("");
    expect(fieldPath("/gift/face")).toBe("gift.face");
    expect(fieldPath("/relationships/2/allowMin")).toBe("relationships[2].allowMin");
    expect(fieldPath("/groups/0/tags/1/nameZh")).toBe("groups[0].tags[1].nameZh");
    expect(fieldPath("/a~1b")).toBe("a/b");
  });

  test("a form finds its field past the object that carries it, or by the path's first name", () => {
    const refused = (field: string) => message("ERROR_PARAMS", { field, reason: "missing" });
    expect(refusedField(refused("member.price"), ["month", "price"])).toBe("price");
    expect(refusedField(refused("price"), ["month", "price"])).toBe("price");
    expect(refusedField(refused("relationships[2].allowMin"), ["relationships"])).toBe("relationships");
    expect(refusedField(refused("property.options[1].textZh"), ["titleZh", "options"])).toBe("options");
    expect(refusedField(refused("member.other"), ["month", "price"])).toBeNull();
    expect(schemaRefusal(refused("gift.nameZh"), ["nameZh", "nameEn"])).toEqual({ field: "nameZh", error: "common.fault.missing" });
    // A rule's own refusal with a field is the form's to word, not a schema fault.
    expect(schemaRefusal(message("ERROR_PARAMS", { field: "nameZh" }), ["nameZh"])).toBeNull();
  });

  test("the activity editor words a path as the save's own refusal of that place", () => {
    expect(refusalKey(placeOf({ field: "relationships[2].allowMin", reason: "type" }))).toBe("editor.errors.relationships.allowMin");
    expect(placeOf({ field: "relationships[2].allowMin", reason: "type" })).toMatchObject({ field: "relationships", index: 2, part: "allowMin" });
    expect(refusalKey(placeOf({ field: "groups[0].tags[1].nameZh", reason: "missing" }))).toBe("editor.errors.tags.nameZh");
    expect(refusalKey(placeOf({ field: "activity.price", reason: "type" }))).toBe("editor.errors.fields.price");
    expect(refusalKey(placeOf({ field: "team.index", reason: "type" }))).toBe("editor.errors.fields.team_index");
    expect(refusalKey(placeOf({ field: "queryStock.type", reason: "missing" }))).toBe("editor.errors.queryStock.type");
    expect(refusalKey(placeOf({ field: "activityReasons[0].property", reason: "missing" }))).toBe("modules.conditions.errors.property");
  });
});

describe("the allocation of the basic info (issue 32)", () => {
  test("a refused draw time, and a lottery's places and cycles, are worded at the field the server names", () => {
    expect(refusalKey({ field: "drawAt", reason: "window" })).toBe("editor.errors.drawAt.window");
    expect(refusalKey({ field: "drawAt", reason: "open" })).toBe("editor.errors.drawAt.open");
    expect(refusalKey({ field: "formStock", reason: "lottery" })).toBe("editor.errors.lottery.formStock");
    expect(refusalKey({ field: "hasCycle", reason: "lottery" })).toBe("editor.errors.lottery.hasCycle");
    // A draw time that is no time at all is the field's own text.
    expect(refusalKey(placeOf({ field: "activity.drawAt", reason: "format" }))).toBe("editor.errors.fields.drawAt");
    expect(refusedField(message("ERROR_PARAMS", { field: "hasCycle", reason: "lottery" }), BASIC_FIELDS)).toBe("hasCycle");
    expect(refusedField(message("ERROR_PARAMS", { field: "drawAt", reason: "window" }), BASIC_FIELDS)).toBe("drawAt");
  });

  test("the draw time is sent only when the allocation changed: a lottery's time, or null for first come, first served", () => {
    const opened = { allocation: "first", drawAt: "" } as BasicForm;
    const lottery = { ...opened, allocation: "lottery", drawAt: "2026-03-17 09:30" } as BasicForm;
    expect(allocationPart(opened, opened)).toEqual({});
    expect(allocationPart(lottery, opened)).toEqual({ drawAt: "2026-03-17T01:30:00.000Z" });
    expect(allocationPart(lottery, lottery)).toEqual({});
    expect(allocationPart({ ...lottery, drawAt: "2026-03-18 09:30" }, lottery)).toEqual({ drawAt: "2026-03-18T01:30:00.000Z" });
    expect(allocationPart(opened, lottery)).toEqual({ drawAt: null });
    // Back to the time it had: nothing to send, so a fixed allocation is never touched.
    expect(allocationPart({ ...lottery, allocation: "first" }, opened)).toEqual({});
  });
});
