// Domains depend on each other in one direction only, and so do files: a cycle (membership
// importing payment importing membership) is how a change in one domain
// quietly breaks another. The route kit lives in src/http; domains may use
// it, it may use the shared context type and nothing else of a domain.
// Three habits are held here too: an input type is its schema's `static`
// (written twice, the two drift: a field optional in one and required in
// the other); app state lives in the one object made at start (src/app-state.ts),
// never in a WeakMap keyed on the settings; sign-up has one door, its index;
// and a helper that reads or writes takes its context first, `(ctx: Pick<Ctx,
// "db" | …>, …)`, never a bare database handle or a destructured `{ db, now }`
// (decision 58), so a helper's needs read the same everywhere.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");
const SRC = join(ROOT, "src");
const DOMAINS = join(SRC, "domains");
const SIGNUP = join(DOMAINS, "signup");

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

/** `type XxxInput = { ... }` (or `= Other & { ... }`) and `interface XxxInput`: an input type written by hand. */
const HAND_WRITTEN_INPUT = /\btype\s+\w*Input\b[^=;]*=[^;]*\{|\binterface\s+\w*Input\b/g;

function handWrittenInputs(text: string): string[] {
  return [...text.matchAll(HAND_WRITTEN_INPUT)].map((m) => m[0].replace(/\s+/g, " "));
}

/** A WeakMap whose key type names the settings: state that belongs in the app state object. */
const CONFIG_KEYED_WEAKMAP = /\bWeakMap\s*<\s*[^,>]*\bConfig\b/g;

function configKeyedWeakMaps(text: string): string[] {
  return [...text.matchAll(CONFIG_KEYED_WEAKMAP)].map((m) => m[0]);
}

/** Every relative module a file names: static and dynamic imports, re-exports. */
const specifiers = (text: string) => [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)"(\.{1,2}\/[^"]+)"/g)].map((m) => m[1]!);

/** The imports of `file` that reach past sign-up's index into its inside; none for sign-up's own files. */
function signupBackDoors(file: string, text: string): string[] {
  if (file.startsWith(`${SIGNUP}/`)) return [];
  return specifiers(text).filter((spec) => {
    const target = join(file, "..", spec).replace(/\.ts$/, "");
    return target.startsWith(`${SIGNUP}/`) && target !== join(SIGNUP, "index");
  });
}

/** A function in src/domains or src/jobs whose first parameter is a database handle `db`, or a destructured `{ db, … }`. */
const DB_FIRST = /(?:\bfunction\s+\w+|\bconst\s+\w+\s*=\s*(?:async\s*)?)\(\s*(?:db\b|\{\s*db\b)/g;

function dbFirstHelpers(text: string): string[] {
  return [...text.matchAll(DB_FIRST)].map((m) => m[0].replace(/\s+/g, " "));
}

/** Every file of src and the files it imports, type-only imports and re-exports included. */
function fileEdges(): Map<string, Set<string>> {
  const files = new Set(filesUnder(SRC));
  const resolve = (from: string, spec: string) => {
    const base = join(from, "..", spec);
    return [base, `${base}.ts`, join(base, "index.ts")].find((c) => files.has(c));
  };
  return new Map(
    [...files].map((file) => [relative(ROOT, file), new Set(specifiers(readFileSync(file, "utf8")).flatMap((spec) => resolve(file, spec) ?? []).map((f) => relative(ROOT, f)))]),
  );
}

/** The groups of files that import each other round about (Tarjan's strongly connected components of more than one file). */
function circles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group = stack.splice(stack.indexOf(node));
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
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

  test("no file of src imports itself round about, type imports included: the context, the kit and every domain's files", () => {
    // Before decision 126 the context imported sign-up's, payment's and the runner's types and 26 files made one circle.
    const graph = fileEdges();
    expect(graph.size).toBeGreaterThan(250);
    expect(circles(graph)).toEqual([]);
  });

  test("the circle walk finds one when there is one", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a", "d"])],
      ["d", new Set<string>()],
    ]);
    expect(circles(graph)).toEqual([["a", "b", "c"]]);
  });

  test("the context depends on no domain and on nothing in src/http; app state a domain owns is merged into it from the domain", () => {
    const context = join(DOMAINS, "context.ts");
    const imported = specifiers(readFileSync(context, "utf8")).map((spec) => relative(SRC, join(context, "..", spec)));
    expect(imported.filter((path) => !/^(config|db|protocol|providers)\b/.test(path))).toEqual([]);
    // An augmentation names only the context: state is never bolted onto another module's types.
    const augmented = filesUnder(SRC).flatMap((file) => [...readFileSync(file, "utf8").matchAll(/^declare module "(\.[^"]+)"/gm)].map((m) => relative(SRC, join(file, "..", m[1]!))));
    expect(augmented.length).toBeGreaterThan(5);
    expect(new Set(augmented)).toEqual(new Set(["domains/context"]));
  });

  test("the walk finds a cycle when there is one", () => {
    expect(cycles(new Map([["a", new Set(["b"])], ["b", new Set(["a"])]]))).toEqual([["a", "b", "a"]]);
  });

  test("every input type in a domain is its schema's static, never written by hand", () => {
    const found = filesUnder(DOMAINS).flatMap((file) => handWrittenInputs(readFileSync(file, "utf8")).map((decl) => `${relative(ROOT, file)}: ${decl}`));
    expect(found).toEqual([]);
  });

  test("the walk finds a hand-written input type when there is one", () => {
    expect(handWrittenInputs("export type NewsInput = {\n  id?: number;\n};")).toHaveLength(1);
    expect(handWrittenInputs("type SubmitInput = ProfileInput & { user: number };")).toHaveLength(1);
    expect(handWrittenInputs("export interface FamilyInput { name: string }")).toHaveLength(1);
    expect(handWrittenInputs("export type NewsInput = typeof newsInput.static;")).toEqual([]);
    expect(handWrittenInputs('export type DraftInput = Omit<SignInput, "address" | "integral">;')).toEqual([]);
    expect(handWrittenInputs('type ModuleInput = (typeof moduleInput.static)["module"];')).toEqual([]);
  });

  test("no WeakMap under src is keyed on the settings: app state is made once at start", () => {
    const found = filesUnder(SRC).flatMap((file) => configKeyedWeakMaps(readFileSync(file, "utf8")).map((decl) => `${relative(ROOT, file)}: ${decl}`));
    expect(found).toEqual([]);
  });

  test("the walk finds a WeakMap keyed on the settings when there is one", () => {
    expect(configKeyedWeakMaps("const memory = new WeakMap<Config, Set<number>>();")).toHaveLength(1);
    expect(configKeyedWeakMaps("let cache: WeakMap<Readonly<Config>, string>;")).toHaveLength(1);
    expect(configKeyedWeakMaps("const notes = new WeakMap<Request, Note>();")).toEqual([]);
  });

  test("other domains and the rest of src reach sign-up only through its index", () => {
    const found = filesUnder(SRC).flatMap((file) => signupBackDoors(file, readFileSync(file, "utf8")).map((spec) => `${relative(ROOT, file)}: ${spec}`));
    expect(found).toEqual([]);
  });

  test("the walk finds a back door into sign-up when there is one", () => {
    const banner = join(DOMAINS, "banner", "service.ts");
    expect(signupBackDoors(banner, 'import { memberOf } from "../signup/writer";')).toEqual(["../signup/writer"]);
    expect(signupBackDoors(banner, 'export { placeFamily } from "../signup/family.ts";')).toEqual(["../signup/family.ts"]);
    expect(signupBackDoors(banner, 'const m = await import("../signup/queue");')).toEqual(["../signup/queue"]);
    expect(signupBackDoors(join(SRC, "app-state.ts"), 'import { soldOutMemory } from "./domains/signup/sold-out";')).toEqual(["./domains/signup/sold-out"]);
    expect(signupBackDoors(banner, 'import { memberOf } from "../signup";\nimport { cycleOf } from "../signup/index";')).toEqual([]);
    expect(signupBackDoors(join(SIGNUP, "sign-up.ts"), 'import { writeOrder } from "./writer";')).toEqual([]);
  });

  test("no function in src/domains or src/jobs takes a database handle first: helpers take their context", () => {
    const found = [...filesUnder(DOMAINS), ...filesUnder(join(SRC, "jobs"))].flatMap((file) =>
      dbFirstHelpers(readFileSync(file, "utf8")).map((decl) => `${relative(ROOT, file)}: ${decl}`),
    );
    expect(found).toEqual([]);
  });

  test("the walk finds a helper taking a database handle first when there is one", () => {
    expect(dbFirstHelpers("export async function balanceOf(db: DbOrTx, userId: number) {")).toHaveLength(1);
    expect(dbFirstHelpers("export function hasPaid(\n  db: DbOrTx,\n  userId: number,\n) {")).toHaveLength(1);
    expect(dbFirstHelpers("async function itemsOf(db: DbOrTx, orderId: number) {")).toHaveLength(1);
    expect(dbFirstHelpers("export const lockMember = (db: DbOrTx, userId: number) => db.select();")).toHaveLength(1);
    expect(dbFirstHelpers("export const expireDuesOrders = async (db) => expireDues(db);")).toHaveLength(1);
    expect(dbFirstHelpers("export async function clearOldCodes({ db, now }: { db: DbOrTx; now: Date }) {")).toHaveLength(1);
    expect(dbFirstHelpers('export async function balanceOf(ctx: Pick<Ctx, "db" | "now">, userId: number) {')).toEqual([]);
    expect(dbFirstHelpers("export async function signUp({ ctx, input }: { ctx: MemberCtx; input: SignInput }) {")).toEqual([]);
    expect(dbFirstHelpers("const dbName = (database: Database) => database.name;")).toEqual([]);
  });
});
