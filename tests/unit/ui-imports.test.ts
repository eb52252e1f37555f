// The UI's files import each other in one direction only. A cycle (the market
// importing a helper from the activity page, which imports the sign-up flow,
// which imports the page again) makes a chunk's evaluation order depend on
// which file is asked for first, and ties files that should change alone.
// `import type` and `export ... from` count as well: a type-only cycle costs
// nothing at run time, but it still ties the two files' design together, and
// it turns into a real one the day a value is imported along the same line.
// A lazy `import()` counts too: it runs later, but the editor it loads and
// the file that loads it still cannot change or be read one without the other.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");
const UI = join(ROOT, "ui");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(path) ? [path] : [];
  });
}

/** The .ts/.tsx file a relative specifier names, or null (a stylesheet, or a file outside ui/). */
function resolve(from: string, specifier: string): string | null {
  const base = join(from, "..", specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  const found = candidates.find((path) => /\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile());
  return found && found.startsWith(`${UI}/`) ? found : null;
}

/** Imports and re-exports, type-only ones included. */
const STATIC_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^"'`;]*?\sfrom\s+)?["'](\.{1,2}\/[^"']+)["']/g;
/** A lazy `import("./x")`. */
const LAZY_IMPORT = /\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

export function importGraph(files: readonly string[], read: (file: string) => string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    const source = read(file);
    for (const match of [...source.matchAll(STATIC_IMPORT), ...source.matchAll(LAZY_IMPORT)]) {
      const target = resolve(file, match[1]!);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every strongly connected group of two or more files (Tarjan), each listed sorted: one group is one cycle to break. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

describe("ui imports", () => {
  test("no file of ui/ imports itself round about, not even by a type or lazily", () => {
    const files = filesUnder(UI);
    const graph = importGraph(files, (file) => readFileSync(file, "utf8"));
    expect(files.length).toBeGreaterThan(50);
    // Sanity: the reading finds imports at all.
    expect([...graph.values()].reduce((sum, targets) => sum + targets.size, 0)).toBeGreaterThan(100);
    const found = cycles(graph).map((group) => group.map((file) => relative(ROOT, file)));
    expect(found).toEqual([]);
  });

  test("the reading sees type imports and re-exports, and the walk finds the cycle they make", () => {
    const a = join(UI, "lib", "format.ts");
    const b = join(UI, "lib", "route-table.ts");
    const sources: Record<string, string> = {
      [a]: 'import type { Route } from "./route-table";\n',
      [b]: 'export {\n  formatDate,\n} from "./format";\n',
    };
    const graph = importGraph([a, b], (file) => sources[file]!);
    expect(cycles(graph)).toEqual([[a, b].sort()]);
  });

  test("a lazy import() is an edge, a stylesheet or a package is not", () => {
    const a = join(UI, "lib", "format.ts");
    const graph = importGraph([a], () => 'import "./missing.css";\nimport { lazy } from "react";\nconst page = lazy(() => import("./route-table"));\n');
    expect([...graph.get(a)!]).toEqual([join(UI, "lib", "route-table.ts")]);
  });
});
