// Texts by the session's language through rosetta. Components call useT(),
// which re-renders them when the language changes; code outside React calls t().
// The first screen's bundle holds only the core texts (./core.ts: the sign-in
// page's own among them); the areas come with the chunks that show them, which
// add them on loading, before they draw: the sign-in page's windows with
// ./account-texts.ts, the signed-in pages with ./member-texts.ts, the
// waiting list and calendar with ./sign-up-texts.ts, the check-in and
// member card pages their own areas, and the editor's tools theirs
// (ui/pages/activity/editor/texts.ts; docs/decisions.md 102).
// A key is typed (./keys.ts): t("no.such.key") does not compile, whichever
// chunk brings the key's area (docs/decisions.md 125).
import rosetta from "rosetta";
import { useCallback } from "react";
import { useSnapshot } from "valtio";
import type { Message } from "../../src/protocol/result";
import { type Language, session } from "../state/session";
import core from "./core";
import type { TextGroup, TextKey } from "./keys";

export type { TextGroup, TextGroupWith, TextKey, TextName } from "./keys";

const i18n = rosetta<object>({ zh: { ...core.zh }, en: { ...core.en } });

/** A language's texts as written, placeholders unfilled: the areas added so far and the core. */
export const textsOf = (language: Language): object => i18n.table(language) ?? {};

/** Adds whole areas (top-level keys) to both languages' texts. */
export function addTexts(texts: Record<Language, object>) {
  for (const language of Object.keys(texts) as Language[]) i18n.set(language, texts[language]);
}

export type Params = Record<string, string | number>;
export type Translate = (key: TextKey, params?: Params) => string;

/**
 * The key of a text whose name comes as data (a field or a column the server
 * names, a property type's id): the group is checked, the name cannot be. A
 * name the group lacks shows the key, as any missing text does.
 */
export const dataKey = (group: TextGroup, name: string | number): TextKey => `${group}.${name}` as TextKey;

/** Whether a name that comes as data is one the code lists, so that the key made of it is typed: `isOneOf(REASONS, code)`. */
export const isOneOf = <N extends string>(names: readonly N[], value: unknown): value is N => names.some((name) => name === value);

function translate(language: Language, key: TextKey, params?: Params): string {
  // A missing key shows itself instead of an empty space, so it is noticed.
  return i18n.t(key, params ?? {}, language) || key;
}

export const t: Translate = (key, params) => translate(session.language, key, params);

export function useT(): Translate {
  const { language } = useSnapshot(session);
  return useCallback((key: TextKey, params?: Params) => translate(language, key, params), [language]);
}

/** The text of an answer's result code in the given translator's language. */
export function resultText(translate: Translate, message: Pick<Message, "code" | "params"> | undefined): string {
  const code = message?.code ?? "ERROR_SERVER";
  const seconds = message?.params?.seconds;
  if (code === "ERROR_OFTEN" && typeof seconds === "number") return translate("result.ERROR_OFTEN_WAIT", { seconds });
  // A sign-in storm: the server says how long its password line needs.
  const retry = message?.params?.retry;
  if (code === "ERROR_BUSY" && typeof retry === "number") return translate("result.ERROR_BUSY_RETRY", { seconds: retry });
  // A refusal's figures fill its text (the quiz's pass line and score, a tag group's name).
  const params = Object.fromEntries(Object.entries(message?.params ?? {}).filter(([, v]) => typeof v === "string" || typeof v === "number")) as Params;
  const text = translate(`result.${code}`, params);
  return text === `result.${code}` ? translate("result.unknown", { code }) : text;
}

export { joinList, pick, pickHtml } from "./pick";
