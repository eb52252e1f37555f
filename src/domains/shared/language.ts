// Texts that are data travel as zh/en pairs; where the spec names a single
// field (a points record's `desc`, a dues order's `name`), the answer also
// carries it in the language of whoever asked: English only when they chose
// it, Chinese otherwise (spec 1 section 1).
import { LANGUAGE } from "../../protocol/enumerations";
import type { Ctx } from "../context";

export const inLanguage = (ctx: Pick<Ctx, "actor">, zh: string, en: string): string => (ctx.actor?.language === LANGUAGE.LANGUAGE_EN ? en : zh);
