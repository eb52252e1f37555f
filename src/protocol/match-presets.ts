// The quick-match presets of a question's (and a property's) pattern, spec 3
// section 5 "Question", and the check every stored pattern passes. The
// question-bank editor offers them today; the property editor reuses them.
// Isomorphic: the browser shows them, the server checks against them.
import { PHONE_PATTERN } from "./identity";

export type MatchPreset = { id: MatchPresetId; pattern: string };
export type MatchPresetId = "positiveInteger" | "integer" | "rational" | "idCard" | "email" | "mobile" | "chinese" | "date" | "datetime";

/**
 * In the spec's order. The e-mail preset also accepts an 11-digit phone, a
 * country code with a plus and at least 6 digits (+852 12345678), or 8 to 10
 * digits, since members abroad give what they have (spec 3 section 5). The ID
 * card is the spec's shape: 6+4+2+2+3 digits, then a digit or X (section 9).
 * Dates are what the member's date and datetime fields send.
 */
export const MATCH_PRESETS: readonly MatchPreset[] = [
  { id: "positiveInteger", pattern: "^[1-9]\\d*$" },
  { id: "integer", pattern: "^-?(0|[1-9]\\d*)$" },
  { id: "rational", pattern: "^-?(0|[1-9]\\d*)(\\.\\d+)?$" },
  { id: "idCard", pattern: "^\\d{6}\\d{4}\\d{2}\\d{2}\\d{3}[\\dXx]$" },
  { id: "email", pattern: "^([^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+|1\\d{10}|\\+\\d{1,4}[ -]?\\d{6,12}|\\d{8,10})$" },
  { id: "mobile", pattern: PHONE_PATTERN },
  { id: "chinese", pattern: "[\\u4e00-\\u9fa5]" },
  { id: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
  { id: "datetime", pattern: "^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?$" },
];

/** The preset a stored pattern is, if it is one. */
export const presetOf = (pattern: string | null | undefined): MatchPreset | null => MATCH_PRESETS.find((p) => p.pattern === pattern) ?? null;

/** A pattern's length limit, in characters. */
export const MATCH_MAX = 300;

/**
 * Whether a pattern may be stored: it compiles as the member's browser and
 * the server compile it (no flags), and no repeated group itself repeats
 * (`(a+)+`, `(\w+\s?)*`), the shape whose backtracking can take seconds on a
 * short answer. The server runs these patterns on members' answers, so a
 * slip in the editor must not become a way to stall it.
 */
export function isAcceptablePattern(pattern: string): boolean {
  if (pattern.length === 0 || pattern.length > MATCH_MAX) return false;
  try {
    new RegExp(pattern);
  } catch {
    return false;
  }
  return !hasNestedRepeat(pattern);
}

const isRepeat = (pattern: string, at: number): boolean => {
  const c = pattern[at];
  if (c === "*" || c === "+") return true;
  // {n,} and {n,m} with m > 1 repeat; {0,1} and {1} do not.
  const m = c === "{" ? /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at)) : null;
  if (!m) return false;
  if (m[2] === undefined) return Number(m[1]) > 1;
  return m[3] === "" || Number(m[3]) > 1;
};

/** A quantified group that contains a quantifier, found by one pass over the pattern. */
function hasNestedRepeat(pattern: string): boolean {
  // For each open group: whether something inside it repeats.
  const groups: boolean[] = [];
  let closed: boolean | null = null;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      i++;
      closed = null;
      continue;
    }
    if (c === "[") {
      // A character class is one atom; skip to its end.
      i++;
      if (pattern[i] === "^") i++;
      if (pattern[i] === "]") i++;
      while (i < pattern.length && pattern[i] !== "]") i += pattern[i] === "\\" ? 2 : 1;
      closed = null;
      continue;
    }
    if (c === "(") {
      groups.push(false);
      closed = null;
      continue;
    }
    if (c === ")") {
      closed = groups.pop() ?? false;
      if (closed && groups.length) groups[groups.length - 1] = true;
      continue;
    }
    if (isRepeat(pattern, i)) {
      if (closed) return true;
      if (groups.length) groups[groups.length - 1] = true;
    }
    closed = null;
  }
  return false;
}
