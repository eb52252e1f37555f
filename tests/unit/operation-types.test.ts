// Every audited action has a type in the type table, in both languages
// (the operation log's type filter and column, spec 3 section 3 "Logs").
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { ROUTES } from "../../src/domains";
import { JOBS } from "../../src/jobs/scheduler";
import { OPERATION_ACTIONS, operationCode } from "../../src/protocol/operation-types";
import { TYPES } from "../../src/protocol/types";

describe("operation types", () => {
  test("every audited route and job has its named type", () => {
    const actions = [...ROUTES.flatMap((r) => (r.audit ? [r.audit] : [])), ...JOBS.map((j) => `job.${j.name}`)];
    expect(actions.length).toBeGreaterThan(40);
    const missing = actions.filter((a) => !OPERATION_ACTIONS[a]);
    expect(missing).toEqual([]);
  });

  test("every audit a run names in the source, outside the route table too, has its named type (issue 29: payment.link showed raw)", () => {
    const source = new Bun.Glob("src/**/*.ts");
    const named = new Set<string>();
    for (const file of source.scanSync(".")) {
      for (const m of readFileSync(file, "utf8").matchAll(/audit: \{ action: "([a-z][a-z-]*\.[a-z.-]+)"/g)) named.add(m[1]!);
    }
    expect(named.size).toBeGreaterThan(3);
    expect([...named].filter((a) => !OPERATION_ACTIONS[a])).toEqual([]);
  });

  test("each type is in the type table under its own id, with a Chinese and an English name", () => {
    const ids = new Set<number>();
    for (const [action, a] of Object.entries(OPERATION_ACTIONS)) {
      expect((a.id >= 1711 && a.id <= 1799) || (a.id >= 2301 && a.id <= 2399)).toBe(true);
      expect(ids.has(a.id)).toBe(false);
      ids.add(a.id);
      const row = TYPES.find((t) => t.id === a.id)!;
      expect(row).toMatchObject({ group: "OPERATION_TYPE", code: operationCode(action) });
      expect(row.nameZh).toMatch(/[\u4e00-\u9fff]/);
      expect(row.nameEn).toMatch(/^[A-Z][A-Za-z -]+$/);
    }
  });
});
