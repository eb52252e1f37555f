// What the printable documents share (the ticket, the dues receipt): the
// member's language, the union's name at the top, China time as the app
// shows it, and the PDF answered as a download. The drawing itself
// (./pdf.ts: pdf-lib and the font) is imported on the first document only.
import { Type as t } from "@sinclair/typebox";
import type { Download } from "../../http/kit";
import { LANGUAGE } from "../../protocol/enumerations";
import type { Ctx } from "../context";
import type { DocumentSpec } from "./pdf";

export type DocLanguage = "zh" | "en";

/** A document's `language` parameter: the page's language when the member downloads it (the choice on the sign-in page is not stored). */
export const documentLanguageField = t.Optional(t.Union([t.Literal("zh"), t.Literal("en")]));

/** The language asked for, else the member's as the portal keeps it: English only when they chose it (as inLanguage). */
export const documentLanguage = (ctx: Pick<Ctx, "actor">, asked?: DocLanguage): DocLanguage => asked ?? (ctx.actor?.language === LANGUAGE.LANGUAGE_EN ? "en" : "zh");

/** The union's name at the top of each document: the portal's name as the UI's frame shows it (ui/i18n/core.ts app.name). */
export const UNION_NAME: Record<DocLanguage, string> = { zh: "工会会员服务平台", en: "Union Member Portal" };

/** yyyy-MM-dd HH:mm in China time (UTC+8 all year), as the app shows dates, with the zone named. */
export function chinaTime(d: Date, language: DocLanguage): string {
  const text = new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
  return language === "en" ? `${text} (China time)` : `${text}（北京时间）`;
}

/** Yuan with 2 decimals, from fen. */
export const yuan = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;

/** The document drawn (pdf-lib and the font loaded on the first one) and answered as a file, never cached. */
export async function pdfDownload(spec: Omit<DocumentSpec, "lang" | "union"> & { language: DocLanguage }, filename: string): Promise<Download> {
  const { renderDocument } = await import("./pdf");
  const { language, ...rest } = spec;
  const body = await renderDocument({ ...rest, lang: language === "en" ? "en" : "zh-CN", union: UNION_NAME[language] });
  return { body, type: "application/pdf", filename, cache: "none" };
}
