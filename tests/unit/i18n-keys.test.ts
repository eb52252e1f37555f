// Every key the UI names must have its text in both languages. The compiler
// holds t()'s argument to the Chinese keys (ui/i18n/keys.ts); this test reads
// the source as text, so it also holds what the compiler cannot see: a key kept
// in a table or a plain string, and the group of a key made from data
// (`dataKey("editor.errors.fields", field)`, `` `page.${name}` ``).
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { allTexts } from "../helpers/texts";

const UI = join(import.meta.dir, "../../ui");
/** The dictionaries themselves: their strings are texts, not keys. */
const DICTIONARIES = /^i18n\/(areas\/|core\.ts$)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !DICTIONARIES.test(relative(UI, path)) ? [path] : [];
  });
}

/** Every key ("a.b.c") and every group ("a.b") of a language's texts. */
function paths(table: object, prefix = "", out = { keys: new Set<string>(), groups: new Set<string>() }) {
  for (const [name, value] of Object.entries(table)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (value && typeof value === "object") {
      out.groups.add(path);
      paths(value, path, out);
    } else out.keys.add(path);
  }
  return out;
}

const zh = paths(allTexts("zh"));
const en = paths(allTexts("en"));
const AREAS = new Set(Object.keys(allTexts("zh")));
/** A dotted name whose first part is a top-level name of the texts: "editor.tools.wording". */
const DOTTED = /^([a-z][A-Za-z]*)((\.[A-Za-z0-9_]+)+)$/;

type Literal = { text: string; at: number; interpolated: boolean };
type Use = { file: string; line: number; text: string; kind: "key" | "group" };

/**
 * The string literals of a source, and the fixed head of each template literal
 * (with whether a ${...} follows it), comments left out. A small scanner rather
 * than a regular expression, so that a template's ${...} and its closing
 * backtick are read as such; a quote that does not close on its line (an
 * apostrophe in JSX text, a quote in a regular expression) is left behind.
 */
function literals(source: string): Literal[] {
  const out: Literal[] = [];
  const code = (from: number, inTemplate: boolean): number => {
    let depth = 0;
    for (let i = from; i < source.length; i++) {
      const c = source[i];
      if (c === "/" && source[i + 1] === "/") i = source.indexOf("\n", i) === -1 ? source.length : source.indexOf("\n", i);
      else if (c === "/" && source[i + 1] === "*") i = source.indexOf("*/", i + 2) === -1 ? source.length : source.indexOf("*/", i + 2) + 1;
      else if (c === '"' || c === "'") {
        let j = i + 1;
        while (j < source.length && source[j] !== c && source[j] !== "\n") j += source[j] === "\\" ? 2 : 1;
        if (source[j] === c) out.push({ text: source.slice(i + 1, j), at: i, interpolated: false });
        i = j;
      } else if (c === "`") i = template(i + 1);
      else if (c === "{") depth++;
      else if (c === "}") {
        if (depth === 0 && inTemplate) return i;
        depth--;
      }
    }
    return source.length;
  };
  const template = (from: number): number => {
    let head = true;
    let chunk = "";
    for (let i = from; i < source.length; i++) {
      const c = source[i];
      if (c === "\\") {
        chunk += source.slice(i, i + 2);
        i++;
      } else if (c === "`" || (c === "$" && source[i + 1] === "{")) {
        if (head) out.push({ text: chunk, at: from - 1, interpolated: c === "$" });
        head = false;
        if (c === "`") return i;
        i = code(i + 2, true);
      } else chunk += c;
    }
    return source.length;
  };
  code(0, false);
  return out;
}

/** Dotted names in the UI that are not texts: the code flows' countdown storage keys. */
const NOT_TEXTS = new Set(["activation.nomail"]);

/** The literals that name a key of the texts, or (a template's head ending in a dot) the group of a key made from data. */
function usesIn(file: string, source: string): Use[] {
  const lineOf = (at: number) => source.slice(0, at).split("\n").length;
  return literals(source).flatMap(({ text, at, interpolated }) => {
    const name = interpolated ? (text.endsWith(".") ? text.slice(0, -1) : "") : text;
    const dotted = DOTTED.exec(name);
    if (!dotted || !AREAS.has(dotted[1]!) || NOT_TEXTS.has(name)) return [];
    return [{ file, line: lineOf(at), text: name, kind: interpolated ? "group" : "key" } satisfies Use];
  });
}

const uses = sources(UI).flatMap((file) => usesIn(relative(UI, file), readFileSync(file, "utf8")));

/** A use the texts lack: a key (or, passed to dataKey, a group) in neither of its forms, in one language. */
function missing(use: Use): string[] {
  return (["zh", "en"] as const).flatMap((language) => {
    const texts = language === "zh" ? zh : en;
    const known = use.kind === "group" ? texts.groups.has(use.text) : texts.keys.has(use.text) || texts.groups.has(use.text);
    return known ? [] : [`${language} ${use.text} (ui/${use.file}:${use.line})`];
  });
}

describe("the keys the UI names", () => {
  test("are found in the source: hundreds of them, from the editor's windows and the lazily loaded areas too", () => {
    expect(uses.length).toBeGreaterThan(1800);
    for (const area of ["editor", "checkin", "card", "sms", "calendar", "waitlist", "result", "common"]) {
      expect(uses.some((u) => u.text.startsWith(`${area}.`)) ? area : `no ${area} key found`).toBe(area);
    }
  });

  test("each have a text in zh and in en (a group named for a key made from data, the group)", () => {
    expect(uses.flatMap(missing)).toEqual([]);
  });

  test("a key missing in either language is found", () => {
    const source = `t("editor.tools.wording"); t("editor.tools.bogus"); t(\`editor.nowhere.\${x}\`); const k = 'common.fault.nope';`;
    const found = usesIn("example.tsx", source).flatMap(missing);
    expect(found).toEqual([
      "zh editor.tools.bogus (ui/example.tsx:1)",
      "en editor.tools.bogus (ui/example.tsx:1)",
      "zh editor.nowhere (ui/example.tsx:1)",
      "en editor.nowhere (ui/example.tsx:1)",
      "zh common.fault.nope (ui/example.tsx:1)",
      "en common.fault.nope (ui/example.tsx:1)",
    ]);
  });
});
