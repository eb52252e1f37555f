// The printable ticket (issue 20 item 1): the member's own successful order
// of an activity with tickets, as an A5 PDF in their language, with the same
// signed code in its QR as the screen's ticket tab. Made on each download,
// never stored.
import { asc, eq } from "drizzle-orm";
import { orderFamilies, relations } from "../../db/schema";
import type { Download } from "../../http/kit";
import type { MemberCtx } from "../context";
import { cycleEnd, cycleStartOf } from "../signup";
import { chinaTime, type DocLanguage, documentLanguage, pdfDownload } from "../shared/documents";
import { ticketOf } from "./member-orders";
import { namesOf } from "../shared/member-names";
import { ticketCode } from "./ticket-code";

const TEXT = {
  zh: {
    kind: "电子票",
    time: "时间",
    place: "地点",
    cycle: "本期",
    member: "会员",
    family: "同行家属",
    places: "人数",
    order: "订单号",
    caption: "入场时请出示此二维码",
    footer: (at: string) => `下载于 ${at} · 凭此票入场，仅限本人及所列家属`,
    file: "电子票",
  },
  en: {
    kind: "Ticket",
    time: "Time",
    place: "Place",
    cycle: "This round",
    member: "Member",
    family: "Family members",
    places: "People",
    order: "Order number",
    caption: "Show this QR code at the entrance",
    footer: (at: string) => `Downloaded ${at} · Admits the member and the family members listed`,
    file: "ticket",
  },
} as const;

/** When the activity takes place, China time: the end's day left out when it is the start's. */
function timeOf(start: Date | null, end: Date | null, language: DocLanguage): string | null {
  if (!start) return null;
  const from = chinaTime(start, language);
  if (!end) return from;
  const to = chinaTime(end, language);
  // "2026-03-23 19:00 – 21:00（北京时间）": the zone named once.
  const sameDay = from.slice(0, 10) === to.slice(0, 10);
  return `${from.slice(0, 16)} – ${sameDay ? to.slice(11) : to}`;
}

/** A periodic activity's ticket is for one round of it: from the round's opening to the next's. */
function roundOf(activity: Parameters<typeof cycleEnd>[0], cycle: number, language: DocLanguage): string | null {
  const start = cycleStartOf(activity, cycle);
  const end = cycleEnd(activity, cycle);
  if (!start || !end) return null;
  return `${chinaTime(start, language).slice(0, 16)} – ${chinaTime(end, language)}`;
}

export async function ticketPdf({ ctx, input }: { ctx: MemberCtx; input: { trade: string; language?: DocLanguage } }): Promise<Download> {
  const { order, item, activity } = await ticketOf(ctx, input.trade);
  const language = documentLanguage(ctx, input.language);
  const text = TEXT[language];
  const [names, kin, code] = await Promise.all([
    namesOf(ctx, [ctx.actor.id]),
    ctx.db
      .select({ name: orderFamilies.name, relationZh: relations.nameZh, relationEn: relations.nameEn })
      .from(orderFamilies)
      .leftJoin(relations, eq(relations.id, orderFamilies.relationId))
      .where(eq(orderFamilies.itemId, item.id))
      .orderBy(asc(orderFamilies.id)),
    ticketCode(ctx, item.childTrade),
  ]);
  const family = kin.map((k) => {
    const relation = language === "en" ? k.relationEn : k.relationZh;
    return relation ? (language === "en" ? `${k.name} (${relation})` : `${k.name}（${relation}）`) : k.name;
  });
  const round = roundOf(activity, item.cycle, language);
  const time = timeOf(activity.eventStart, activity.eventEnd, language);
  // A place written in one language only is shown as written.
  const place = (language === "en" ? activity.placeEn || activity.placeZh : activity.placeZh || activity.placeEn).trim();
  return pdfDownload(
    {
      language,
      kind: text.kind,
      heading: language === "en" ? activity.nameEn : activity.nameZh,
      lines: [
        ...(time ? [{ label: text.time, value: time }] : []),
        ...(place ? [{ label: text.place, value: place }] : []),
        ...(round ? [{ label: text.cycle, value: round }] : []),
        { label: text.member, value: names.get(ctx.actor.id) ?? "—" },
        ...(family.length ? [{ label: text.family, value: family.join(language === "en" ? ", " : "、") }] : []),
        { label: text.places, value: String(item.places) },
        { label: text.order, value: order.trade, code: true },
      ],
      qr: { content: code, caption: text.caption },
      footer: text.footer(chinaTime(ctx.now, language)),
      made: ctx.now,
    },
    `${text.file}-${order.trade}.pdf`,
  );
}
