// A verb refuses in one of two ways (src/protocol/result.ts, decision 123):
// `refuse(code, params)` or `refuseField(field, params)` throws, and the
// transaction rolls back; `return refused(code, params)` commits what the
// verb wrote (a counted wrong code, a failed sign-in's log row). Before, a
// reader met four more: `throw new DomainError`, a sign-up `refuse`, a
// questionnaire `refuse(field)` and the editor's `wrong(field)`, each a
// local near-copy. These tests keep them out.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { DomainError, refuse, refuseField, refused } from "../../src/protocol/result";

const ROOT = join(import.meta.dir, "..", "..");
const SRC = join(ROOT, "src");
/** Where the error itself is made: the refusals' own module, and the transport that forwards a queued refusal or a database conflict. */
const MAKERS = new Set(["src/protocol/result.ts", "src/http/batch-queue.ts", "src/http/serve.ts"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const sources = filesUnder(SRC).map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, "utf8") }));

/** `file:line  text` for each line of src matching `pattern`, outside `except`. */
function linesMatching(pattern: RegExp, except: Set<string> = new Set()): string[] {
  return sources.flatMap(({ file, text }) =>
    except.has(file) ? [] : text.split("\n").flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}  ${line.trim()}`] : [])),
  );
}

describe("one way to refuse", () => {
  test("the two forms answer as the kit expects: a thrown refusal with its code and params, and a committing one", () => {
    const thrown = (fn: () => never) => {
      try {
        fn();
      } catch (error) {
        return error;
      }
    };
    const plain = thrown(() => refuse("ERROR_SIGN_FULL", { activity: 7 })) as DomainError;
    expect(plain).toBeInstanceOf(DomainError);
    expect([plain.code, plain.params]).toEqual(["ERROR_SIGN_FULL", { activity: 7 }]);
    const field = thrown(() => refuseField("options", { index: 2, part: "value" })) as DomainError;
    expect([field.code, field.params]).toEqual(["ERROR_PARAMS", { field: "options", index: 2, part: "value" }]);
    expect(refused("ERROR_RANDOM").message.code).toBe("ERROR_RANDOM");
  });

  test("no verb makes the error itself", () => {
    expect(linesMatching(/new DomainError\(/, MAKERS)).toEqual([]);
  });

  test("nothing else in src is named as a refusal helper: refuse and refuseField come from src/protocol/result.ts", () => {
    // A local `wrong = (field) => …` or `bad(field)` is the near-copy this replaced; a closure binding a list's index is too.
    expect(linesMatching(/\b(?:function\s+(?:refuse|refuseField|refused|wrong|bad)\s*[(<]|(?:const|let)\s+(?:refuse|refuseField|refused|wrong|bad)\s*=\s*(?:async\s*)?\()/, new Set(["src/protocol/result.ts"]))).toEqual([]);
    const importedElsewhere = linesMatching(/import \{[^}]*\brefuse(?:Field)?\b[^}]*\} from "(?![./]*protocol\/result")/);
    expect(importedElsewhere).toEqual([]);
  });

  test("a verb does not throw a refusal it made earlier: it refuses where it decides", () => {
    const verbs = new Set(sources.map((s) => s.file).filter((f) => !f.startsWith("src/domains/") && !f.startsWith("src/http/")));
    expect(linesMatching(/throw (?:bad|wrong|refuse|refusal|changed)\b/, verbs)).toEqual([]);
  });
});
