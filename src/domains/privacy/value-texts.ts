// A profile value as a member reads it, in both languages: a choice by its
// option's text rather than its stored value, several joined as a list. The
// property log keeps a value as text (a list as its JSON), the profile as it
// was sent; both read here.
import { allProperties } from "../property/service";
import type { Ctx } from "../context";

export type Texts = { zh: string; en: string };

/** A stored value or a property log's text, as the values it holds. */
const valuesOf = (stored: unknown): string[] => {
  if (stored === null || stored === undefined || stored === "") return [];
  if (Array.isArray(stored)) return stored.map(String);
  const text = String(stored);
  if (text.startsWith("[")) {
    try {
      const list = JSON.parse(text);
      if (Array.isArray(list)) return list.map(String);
    } catch {
      // Text that merely starts with a bracket.
    }
  }
  return [text];
};

/** Reads the properties once; answers a property's title and a value's texts. */
export async function profileTexts(ctx: Ctx) {
  const { list } = await allProperties({ ctx });
  const titles = new Map(list.map((p) => [p.id, { zh: p.titleZh, en: p.titleEn }]));
  const options = new Map(list.flatMap((p) => p.options.map((o) => [`${p.id}:${o.value}`, { zh: o.textZh, en: o.textEn }] as const)));
  return {
    /** A property removed since keeps its log rows; its title is then its number. */
    title: (propertyId: number): Texts => titles.get(propertyId) ?? { zh: `#${propertyId}`, en: `#${propertyId}` },
    value: (propertyId: number, stored: unknown): Texts => {
      const each = valuesOf(stored).map((v) => options.get(`${propertyId}:${v}`) ?? { zh: v, en: v });
      return { zh: each.map((t) => t.zh).join("、"), en: each.map((t) => t.en).join(", ") };
    },
  };
}
