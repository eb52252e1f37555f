// Every payload is hostile until proven otherwise. Schemas are made strict
// when a route is declared (no extra fields anywhere, every string and array
// bounded), compiled once, and checked without coercion: "12" is not 12.
// Before the schema, one walk refuses what no schema should have to name:
// NUL bytes, unpaired surrogates and nesting deeper than any form needs.
import { type TSchema, Kind, OptionalKind } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { type ValueError, ValueErrorType } from "@sinclair/typebox/errors";

/** Deeper than any payload of the specs (the profile form is four levels). */
export const MAX_DEPTH = 12;

/**
 * A copy of `schema` with `additionalProperties: false` on every object.
 * Throws at declaration when a string has no maxLength or an array no
 * maxItems: an unbounded field is a mistake we want to see at start, not in
 * production.
 */
export function strict(schema: TSchema, where: string): TSchema {
  const walk = (node: TSchema, at: string): TSchema => {
    const kind = node[Kind];
    if (kind === "String" && node.maxLength === undefined && node.pattern === undefined && node.format === undefined) {
      throw new Error(`${where}: the string at ${at || "the root"} needs a maxLength`);
    }
    if (kind === "Array" && node.maxItems === undefined) throw new Error(`${where}: the array at ${at || "the root"} needs maxItems`);
    const copy: TSchema = { ...node };
    // Kind and OptionalKind are symbols; a spread keeps them.
    if (kind === "Object") {
      copy.additionalProperties = false;
      copy.properties = Object.fromEntries(Object.entries(node.properties as Record<string, TSchema>).map(([k, v]) => [k, walk(v, `${at}.${k}`)]));
    }
    if (kind === "Array") copy.items = walk(node.items as TSchema, `${at}[]`);
    if (kind === "Union") copy.anyOf = (node.anyOf as TSchema[]).map((s) => walk(s, at));
    if (kind === "Intersect") copy.allOf = (node.allOf as TSchema[]).map((s) => walk(s, at));
    if (node[OptionalKind]) copy[OptionalKind] = node[OptionalKind];
    return copy;
  };
  return walk(schema, "");
}

/** Why a payload failed its schema, as a refusal's `reason`. */
export type SchemaReason = "missing" | "type" | "unknown" | "long" | "format" | "range";

/** What a schema refusal names: the field as a path (`gift.face`, `relationships[2].allowMin`; "" is the whole payload) and why. */
export type SchemaFault = { field: string; reason: SchemaReason };

/** Null when the value passes, else its first fault. */
export type Checker = (value: unknown) => SchemaFault | null;

export function compile(schema: TSchema): Checker {
  const compiled = TypeCompiler.Compile(schema);
  return (value) => {
    if (compiled.Check(value)) return null;
    // Only a refused payload pays for the walk that names its fault.
    const first = compiled.Errors(value).First();
    return first ? faultOf(first) : { field: "", reason: "type" };
  };
}

const WHY: Partial<Record<ValueErrorType, SchemaReason>> = {
  [ValueErrorType.ObjectRequiredProperty]: "missing",
  [ValueErrorType.ObjectAdditionalProperties]: "unknown",
  [ValueErrorType.StringMaxLength]: "long",
  [ValueErrorType.ArrayMaxItems]: "long",
  [ValueErrorType.ObjectMaxProperties]: "long",
  [ValueErrorType.StringMinLength]: "missing",
  [ValueErrorType.ArrayMinItems]: "missing",
  [ValueErrorType.StringPattern]: "format",
  [ValueErrorType.StringFormat]: "format",
  [ValueErrorType.NumberMinimum]: "range",
  [ValueErrorType.NumberMaximum]: "range",
  [ValueErrorType.NumberExclusiveMinimum]: "range",
  [ValueErrorType.NumberExclusiveMaximum]: "range",
  [ValueErrorType.IntegerMinimum]: "range",
  [ValueErrorType.IntegerMaximum]: "range",
  [ValueErrorType.IntegerExclusiveMinimum]: "range",
  [ValueErrorType.IntegerExclusiveMaximum]: "range",
};

/**
 * The fault a person can act on. Of a union (a value or null, one shape or
 * another) the branch that got furthest into the value speaks, and of
 * branches as far, one whose fault is not the value's kind: `gift: { face: 7 }`
 * names `gift.face`, and a text too long where text or null is taken is
 * "long", not "not null".
 */
function faultOf(error: ValueError): SchemaFault {
  let chosen = error;
  const weight = (e: ValueError) => e.path.length * 2 + ((WHY[e.type] ?? "type") === "type" ? 0 : 1);
  while (chosen.type === ValueErrorType.Union) {
    const best = chosen.errors
      .map((branch) => branch.First())
      .filter((e): e is ValueError => e !== undefined)
      .reduce<ValueError | null>((top, e) => (top === null || weight(e) > weight(top) ? e : top), null);
    if (!best || weight(best) <= weight(chosen)) break;
    chosen = best;
  }
  return { field: told(fieldPath(chosen.path)), reason: WHY[chosen.type] ?? "type" };
}

/** A path as told back: no longer than any of ours, however long a key the sender made up. */
const told = (path: string) => (path.length > 200 ? path.slice(0, 200).toWellFormed() : path);

/** A JSON pointer as a person reads a path: `/relationships/2/allowMin` is `relationships[2].allowMin`. */
export function fieldPath(pointer: string): string {
  let path = "";
  for (const raw of pointer.split("/").slice(1)) {
    const part = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    path += /^\d+$/.test(part) ? `[${part}]` : path ? `.${part}` : part;
  }
  return path;
}

/**
 * Null when the value is clean, else the reason and where: a string with a
 * NUL byte or an unpaired surrogate (the database refuses both, and the
 * refusal would surface as a fault), or nesting past MAX_DEPTH. The path is
 * a schema refusal's (`family.name`); a bad key is named by its object.
 */
export function hostile(value: unknown): { reason: "string" | "depth"; field: string } | null {
  const stack: [unknown, number, string][] = [[value, 0, ""]];
  while (stack.length) {
    const [node, depth, at] = stack.pop()!;
    if (typeof node === "string") {
      if (!node.isWellFormed() || node.includes("\0")) return { reason: "string", field: told(at) };
    } else if (node !== null && typeof node === "object") {
      if (depth >= MAX_DEPTH) return { reason: "depth", field: told(at) };
      const list = Array.isArray(node);
      for (const [k, v] of Object.entries(node)) {
        if (!k.isWellFormed() || k.includes("\0")) return { reason: "string", field: told(at) };
        stack.push([v, depth + 1, list ? `${at}[${k}]` : at ? `${at}.${k}` : k]);
      }
    }
  }
  return null;
}
