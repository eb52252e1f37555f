import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { childrenOf, findRegion, isRegionChain, levelCounts, regionOf } from "../../src/domains/address/regions";

type Raw = { code: string; name: string; children?: Raw[] };
const raw = JSON.parse(readFileSync(new URL("../../assets/regions/pcas-code.json", import.meta.url), "utf8")) as Raw[];

describe("the packed region index", () => {
  test("finds every region of the data file with its name, level and parent, and lists its children in order", () => {
    let seen = 0;
    const walk = (nodes: Raw[], level: number, parent: string | null) => {
      for (const node of nodes) {
        seen++;
        expect(findRegion(node.code)).toEqual({ code: node.code, name: node.name, level: level as 0, parent });
        expect(childrenOf(node.code)!.map((r) => `${r.id} ${r.name}`)).toEqual((node.children ?? []).map((c) => `${c.code} ${c.name}`));
        walk(node.children ?? [], level + 1, node.code);
      }
    };
    walk(raw, 0, null);
    expect(seen).toBe(levelCounts().reduce((a, b) => a + b));
    expect(childrenOf()!.map((r) => r.id)).toEqual(raw.map((p) => p.code));
  });

  test("a chain holds only when each code is the child of the one before", () => {
    expect(isRegionChain(["31", "3101", "310115", "310115005"])).toBe(true);
    expect(isRegionChain(["11", "3101", "310115", "310115005"])).toBe(false);
    expect(isRegionChain(["31", "3101", "310101", "310115005"])).toBe(false);
    expect(isRegionChain(["31", "3101", "310115"])).toBe(false);
  });

  test("what only looks like a code is unknown", () => {
    for (const code of ["", "011", "11.0", " 11", "1e1", "+11", "0x0B", "110101001 ", "99", "1101010019"]) {
      expect(findRegion(code)).toBeNull();
      expect(childrenOf(code || "x")).toBeNull();
      expect(regionOf(code)).toEqual({ id: code, name: "", nameEn: "" });
    }
  });
});
