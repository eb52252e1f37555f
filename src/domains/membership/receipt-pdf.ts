// The dues receipt (issue 20 item 1): a member's own paid dues order as an A5
// PDF in their language: who paid, for which year, how much, when, and the
// payment's trade number. Made on each download, never stored.
import { and, eq } from "drizzle-orm";
import { duesOrders } from "../../db/schema";
import type { Download } from "../../http/kit";
import { ORDER_STATE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { namesOf } from "../shared/member-names";
import { chinaTime, type DocLanguage, documentLanguage, pdfDownload, yuan } from "../shared/documents";

const TEXT = {
  zh: {
    kind: "会费收据",
    payer: "缴费人",
    year: "会费年度",
    amount: "金额（元）",
    paid: "支付时间",
    payTrade: "支付交易号",
    order: "会费订单号",
    footer: (at: string) => `下载于 ${at} · 本收据由系统生成，无需盖章`,
    file: "会费收据",
  },
  en: {
    kind: "Dues receipt",
    payer: "Payer",
    year: "Dues year",
    amount: "Amount (yuan)",
    paid: "Paid at",
    payTrade: "Payment trade number",
    order: "Dues order number",
    footer: (at: string) => `Downloaded ${at} · Made by the portal, valid without a stamp`,
    file: "dues-receipt",
  },
} as const;

/**
 * Only the member's own dues order, and only once paid: another member's
 * reads as none (ERROR_RESULT_NULL), a waiting or cancelled one is
 * ERROR_ORDER_STATE { state }.
 */
export async function duesReceiptPdf({ ctx, input }: { ctx: MemberCtx; input: { trade: string; language?: DocLanguage } }): Promise<Download> {
  const [dues] = await ctx.db
    .select()
    .from(duesOrders)
    .where(and(eq(duesOrders.sysTrade, input.trade), eq(duesOrders.userId, ctx.actor.id)));
  if (!dues) refuse("ERROR_RESULT_NULL");
  if (dues.state !== ORDER_STATE.ORDER_STATE_SUCCESS || !dues.payDate) refuse("ERROR_ORDER_STATE", { state: dues.state });
  const language = documentLanguage(ctx, input.language);
  const text = TEXT[language];
  const names = await namesOf(ctx, [ctx.actor.id]);
  return pdfDownload(
    {
      language,
      kind: text.kind,
      heading: language === "en" ? dues.nameEn : dues.nameZh,
      lines: [
        { label: text.payer, value: names.get(ctx.actor.id) ?? "—" },
        { label: text.year, value: String(dues.year) },
        { label: text.amount, value: yuan(dues.amount) },
        { label: text.paid, value: chinaTime(dues.payDate, language) },
        { label: text.payTrade, value: dues.payTrade ?? "—", code: true },
        { label: text.order, value: dues.sysTrade, code: true },
      ],
      footer: text.footer(chinaTime(ctx.now, language)),
      made: ctx.now,
    },
    `${text.file}-${dues.year}-${dues.sysTrade}.pdf`,
  );
}
