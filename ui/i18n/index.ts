// Texts by the session's language through rosetta. Components call useT(),
// which re-renders them when the language changes; code outside React calls t().
import rosetta from "rosetta";
import { useCallback } from "react";
import { useSnapshot } from "valtio";
import type { Message } from "../../src/protocol/result";
import { type Language, session } from "../state/session";
import en from "./en";
import zh from "./zh";

export const dictionaries = { zh, en };
const i18n = rosetta(dictionaries);

export type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;

function translate(language: Language, key: string, params?: Params): string {
  // A missing key shows itself instead of an empty space, so it is noticed.
  return i18n.t(key, params ?? {}, language) || key;
}

export const t: Translate = (key, params) => translate(session.language, key, params);

export function useT(): Translate {
  const { language } = useSnapshot(session);
  return useCallback((key: string, params?: Params) => translate(language, key, params), [language]);
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

export { pick, pickHtml } from "./pick";
