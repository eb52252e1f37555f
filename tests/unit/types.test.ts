import { expect, test } from "bun:test";
import * as enumerations from "../../src/protocol/enumerations";
import { RESULT } from "../../src/protocol/result-codes";
import { TYPES, typeByCode } from "../../src/protocol/types";

test("every named constant map agrees with the type table", () => {
  const maps = ["USER_STATE", "COUNTRY_TYPE", "LANGUAGE", "PROPERTY_TYPE", "PROPERTY_PURPOSE", "POINT_TYPE", "ADDRESS_TYPE", "ORDER_STATE", "PAY_STATE", "SEND_STATE", "DELIVERY_STATE", "PAGE", "SMS_STATE", "AUDIT_STATE"] as const;
  for (const map of [RESULT, ...maps.map((name) => enumerations[name])]) {
    for (const [code, id] of Object.entries(map)) {
      expect({ code, id: typeByCode.get(code)?.id }).toEqual({ code, id });
    }
  }
});

test("type ids and codes are unique", () => {
  expect(new Set(TYPES.map((t) => t.id)).size).toBe(TYPES.length);
  expect(new Set(TYPES.map((t) => t.code)).size).toBe(TYPES.length);
});

test("a registered member who has not activated (a reset one too) reads as not activated in both languages (issue 29)", () => {
  const registered = typeByCode.get("USER_STATE_REGISTERED")!;
  expect([registered.nameZh, registered.nameEn]).toEqual(["已注册未激活", "Not activated"]);
});
