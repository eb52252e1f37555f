import { describe, expect, test } from "bun:test";
import { birthdayOfId, cleanText, hasChinese, idTypeOf, isMainlandId, isPersonName, isPhone } from "../../src/protocol/identity";

const TODAY = new Date("2026-06-01T00:00:00Z");

describe("mainland ID numbers", () => {
  test("a real 18-character ID with the right check digit is accepted, X in either case", () => {
    expect(isMainlandId("11010519491231002X", TODAY)).toBe(true);
    expect(isMainlandId("11010519491231002x", TODAY)).toBe(true);
    expect(isMainlandId("440106199001010013", TODAY)).toBe(true);
    expect(isMainlandId(" 440106199001010013 ", TODAY)).toBe(true);
  });

  test("a wrong check digit is refused", () => {
    expect(isMainlandId("440106199001010010", TODAY)).toBe(false);
    expect(isMainlandId("110105194912310021", TODAY)).toBe(false);
  });

  test("the birth date must be a real day, not before 1900 and not in the future", () => {
    // Check digits are right in each; only the date is wrong.
    expect(isMainlandId("110101200002290018", TODAY)).toBe(true); // 29 February 2000 exists
    expect(isMainlandId("110101190002290011", TODAY)).toBe(false); // 1900 was no leap year
    expect(isMainlandId("110101199013010012", TODAY)).toBe(false); // month 13
    expect(isMainlandId("110101189901010011", TODAY)).toBe(false); // before 1900
    expect(isMainlandId("110101203001010014", TODAY)).toBe(false); // in the future
  });

  test("anything that is not 6+4+2+2+3 digits and a digit or X is not an ID", () => {
    for (const value of ["", "11010519491231002", "11010519491231002XX", "1101051949123100AX", "E12345678", "11010519491231002Y"]) {
      expect(isMainlandId(value, TODAY)).toBe(false);
    }
  });

  test("the id type is 1 for an ID number and 2 for anything else", () => {
    expect(idTypeOf("11010519491231002X", TODAY)).toBe(1);
    expect(idTypeOf("E12345678", TODAY)).toBe(2);
    expect(birthdayOfId("11010519491231002X")).toBe("1949-12-31");
  });
});

describe("phones, names and text", () => {
  test("a phone is 11 digits starting with 1", () => {
    expect(isPhone("13912345678")).toBe(true);
    for (const value of ["23912345678", "1391234567", "139123456789", "1391234567a", ""]) expect(isPhone(value)).toBe(false);
  });

  test("a consignee is Chinese characters or Latin words with single spaces", () => {
    for (const value of ["张三", "阿依古丽·买买提", "Li Si", "John"]) expect(isPersonName(value)).toBe(true);
    for (const value of ["", "Li  Si", " Li", "张三 ", "张三1", "Li_Si", "O'Neil"]) expect(isPersonName(value)).toBe(false);
  });

  test("an address detail must contain Chinese", () => {
    expect(hasChinese("Century Avenue 100号")).toBe(true);
    expect(hasChinese("Century Avenue 100")).toBe(false);
  });

  test("text is trimmed and angle brackets escaped", () => {
    expect(cleanText("  <b>hi</b> ")).toBe("&lt;b&gt;hi&lt;/b&gt;");
  });
});
