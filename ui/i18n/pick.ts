// Choosing the zh or en member of a data pair from the server, and joining a
// list as each language writes it, kept apart from the session so that plain
// tests can read them.
import { unescapeAngles } from "../../src/protocol/identity";
import type { Language } from "../state/session";

/**
 * Picks the zh / en member of a data pair such as nameZh / nameEn, as it was
 * typed: the server keeps names with angle brackets escaped (the specs' rule),
 * and React writes text, never markup.
 */
export const pick = (language: Language, zhText: string | null | undefined, enText: string | null | undefined): string =>
  unescapeAngles(pickHtml(language, zhText, enText));

/** The zh / en member of rich text (HTML the server cleaned) as it is: never unescaped, it goes into the page as markup. */
export const pickHtml = (language: Language, zhHtml: string | null | undefined, enHtml: string | null | undefined): string =>
  (language === "en" ? enHtml || zhHtml : zhHtml || enHtml) ?? "";

/** The items of a list in a sentence, as the language writes one: "甲、乙、丙" / "A, B, C". The one list separator of the UI. */
export const joinList = (language: Language, items: readonly (string | number)[]): string => items.join(language === "en" ? ", " : "、");
