// Every payload is hostile until proven otherwise. Schemas are made strict
// when a route is declared (no extra fields anywhere, every string and array
// bounded), compiled once, and checked without coercion: "12" is not 12.
// Before the schema, one walk refuses what no schema should have to name:
// NUL bytes, unpaired surrogates and nesting deeper than any form needs.
import { type TSchema, Kind, OptionalKind } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";

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

export type Checker = (value: unknown) => boolean;

export function compile(schema: TSchema): Checker {
  const compiled = TypeCompiler.Compile(schema);
  return (value) => compiled.Check(value);
}

/**
 * Null when the value is clean, else the reason: a string with a NUL byte or
 * an unpaired surrogate (the database refuses both, and the refusal would
 * surface as a fault), or nesting past MAX_DEPTH.
 */
export function hostile(value: unknown): "string" | "depth" | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (typeof node === "string") {
      if (!node.isWellFormed() || node.includes("\0")) return "string";
    } else if (node !== null && typeof node === "object") {
      if (depth >= MAX_DEPTH) return "depth";
      for (const [k, v] of Object.entries(node)) {
        if (!k.isWellFormed() || k.includes("\0")) return "string";
        stack.push([v, depth + 1]);
      }
    }
  }
  return null;
}
