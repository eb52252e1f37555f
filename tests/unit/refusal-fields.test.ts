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
