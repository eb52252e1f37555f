import { expect, test } from "bun:test";
import * as types from "../../src/protocol/types";

test("every named constant map agrees with the type table", () => {
  const maps = ["RESULT", "USER_STATE", "COUNTRY_TYPE", "LANGUAGE", "PROPERTY_TYPE", "PROPERTY_PURPOSE", "POINT_TYPE", "ADDRESS_TYPE", "ORDER_STATE", "PAY_STATE", "PAGE"] as const;
  for (const name of maps) {
    for (const [code, id] of Object.entries(types[name])) {
      expect({ code, id: types.typeByCode.get(code)?.id }).toEqual({ code, id });
    }
  }
});

test("type ids and codes are unique", () => {
  expect(new Set(types.TYPES.map((t) => t.id)).size).toBe(types.TYPES.length);
  expect(new Set(types.TYPES.map((t) => t.code)).size).toBe(types.TYPES.length);
});
