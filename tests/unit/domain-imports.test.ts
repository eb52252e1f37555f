// Domains depend on each other in one direction only: a cycle (membership
// importing payment importing membership) is how a change in one domain
// quietly breaks another. The route kit lives in src/http; domains may use
// it, it may use the shared context type and nothing else of a domain.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");
const DOMAINS = join(ROOT, "src", "domains");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** The domain folder a file belongs to, or null for src/domains/*.ts themselves. */
const domainOf = (file: string): string | null => {
  const parts = relative(DOMAINS, file).split("/");
  return parts.length > 1 ? parts[0]! : null;
};

function edges(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of filesUnder(DOMAINS)) {
    const from = domainOf(file);
    if (!from) continue;
    for (const match of readFileSync(file, "utf8").matchAll(/(?:from|import) "(\.{1,2}\/[^"]+)"/g)) {
      const target = join(file, "..", match[1]!);
      if (!target.startsWith(DOMAINS)) continue;
      const to = domainOf(`${target}.ts`);
      if (to && to !== from) (graph.get(from) ?? graph.set(from, new Set()).get(from)!).add(to);
    }
  }
  return graph;
}

function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const walk = (node: string, path: string[]) => {
    for (const next of graph.get(node) ?? []) {
      if (next === path[0]) found.push([...path, next]);
      else if (!path.includes(next) && next > path[0]!) walk(next, [...path, next]);
    }
  };
  for (const start of graph.keys()) walk(start, [start]);
  return found;
}

describe("domain imports", () => {
  test("no two domains import each other, directly or round about", () => {
    const graph = edges();
    expect(graph.size).toBeGreaterThan(5);
    expect(cycles(graph)).toEqual([]);
  });

  test("the route kit imports no domain but the shared context and helpers it drives", () => {
    for (const file of filesUnder(join(ROOT, "src", "http"))) {
      for (const match of readFileSync(file, "utf8").matchAll(/from "(\.\.\/domains\/[^"]+)"/g)) {
        expect({ file: relative(ROOT, file), imports: match[1] }).toEqual({
          file: relative(ROOT, file),
          imports: expect.stringMatching(/^\.\.\/domains\/(context|shared\/)/) as unknown as string,
        });
      }
    }
  });

  test("the walk finds a cycle when there is one", () => {
    expect(cycles(new Map([["a", new Set(["b"])], ["b", new Set(["a"])]]))).toEqual([["a", "b", "a"]]);
  });
});
