// Conditions ("reasons", spec 3): a member's value of a profile property
// compared with the condition's values. Pure; the values are read once per
// request by the caller.
import { COMPARE_MODE, CONDITION_VALUE_SEPARATOR } from "../../protocol/enumerations";

export type Condition = { type: number; propertyId: number; compareMode: number; value: string };
/** A member's profile values by property id: text, or several option values for a checkbox. */
export type MemberValues = ReadonlyMap<number, string | readonly string[]>;
/** The member as the sign-up rules read them: profile values, foreigner or not, and whether they edit activities (who sees previews). */
export type Member = { id: number; values: MemberValues; foreigner: boolean; editor: boolean };

const valuesOf = (raw: string) => raw.split(CONDITION_VALUE_SEPARATOR).map((v) => v.trim()).filter((v) => v !== "");

/** Numbers compare as numbers, anything else (ISO dates) as text. */
function order(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (a.trim() !== "" && b.trim() !== "" && Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function meets(condition: Condition, memberValue: string | readonly string[] | undefined): boolean {
  const mine = memberValue === undefined ? [] : (typeof memberValue === "string" ? [memberValue] : [...memberValue]).filter((v) => v !== "");
  const wanted = valuesOf(condition.value);
  switch (condition.compareMode) {
    case COMPARE_MODE.COMPARE_IN:
      return mine.some((v) => wanted.includes(v));
    case COMPARE_MODE.COMPARE_NOT_IN:
      return !mine.some((v) => wanted.includes(v));
    case COMPARE_MODE.COMPARE_CONTAINS:
      return mine.some((v) => wanted.some((w) => v.includes(w)));
    case COMPARE_MODE.COMPARE_BEFORE:
      return mine.length > 0 && wanted.length > 0 && mine.every((v) => order(v, wanted[0]!) < 0);
    case COMPARE_MODE.COMPARE_AFTER:
      return mine.length > 0 && wanted.length > 0 && mine.every((v) => order(v, wanted[0]!) > 0);
    case COMPARE_MODE.COMPARE_EMPTY:
      return mine.length === 0;
    case COMPARE_MODE.COMPARE_NOT_EMPTY:
      return mine.length > 0;
    default:
      // An unknown mode is never met: a mistyped condition closes rather than opens.
      return false;
  }
}

/** Every condition of the given type holds. */
export const allMet = (conditions: readonly Condition[], type: number, values: MemberValues): boolean =>
  conditions.every((c) => c.type !== type || meets(c, values.get(c.propertyId)));
