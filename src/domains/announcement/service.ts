// The announcement an editor sets for the home page (ARCHITECTURE section 10:
// spec 2's festive greeting made data): a title and a body in both
// languages, a display window, shown to each member once. The body is plain
// text (angle brackets escaped); the page shows each line as a paragraph.
import { Type as t } from "@sinclair/typebox";
import { and, count, desc, eq, gt, lte, notExists } from "drizzle-orm";
import { announcementReads, announcements } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { cleanText } from "../../protocol/identity";
import { ANNOUNCEMENT_PAGE_SIZE } from "../../protocol/limits";
import { page, refuse, refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { idField, timeOf } from "../shared/fields";

type Row = typeof announcements.$inferSelect;

export const announcementView = (row: Row) => ({
  id: row.id,
  titleZh: row.titleZh,
  titleEn: row.titleEn,
  bodyZh: row.bodyZh,
  bodyEn: row.bodyEn,
  show: row.showAt.toISOString(),
  hide: row.hideAt.toISOString(),
});

/** /manager/announcement/save: loose bounds here, the verb answers which field is too long. */
export const announcementInput = t.Object({
  announcement: t.Object({
    id: t.Optional(idField),
    titleZh: t.String({ maxLength: 400 }),
    titleEn: t.String({ maxLength: 400 }),
    bodyZh: t.String({ maxLength: 20_000 }),
    bodyEn: t.String({ maxLength: 20_000 }),
    show: t.String({ maxLength: 40 }),
    hide: t.String({ maxLength: 40 }),
  }),
});
export type AnnouncementInput = typeof announcementInput.static;

export const TITLE_MAX = 100;
export const BODY_MAX = 5000;

/** Body text: lines trimmed at their ends, runs of blank lines kept to one, brackets escaped. */
const bodyOf = (text: string) =>
  cleanText(
    text
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((line) => line.trimEnd())
      .join("\n")
      .replace(/\n{3,}/g, "\n\n"),
  );

function checkAnnouncement(input: AnnouncementInput["announcement"]) {
  const titleZh = cleanText(input.titleZh);
  if (!titleZh || titleZh.length > TITLE_MAX) refuseField("titleZh");
  const titleEn = cleanText(input.titleEn);
  if (!titleEn || titleEn.length > TITLE_MAX) refuseField("titleEn");
  const bodyZh = bodyOf(input.bodyZh);
  if (!bodyZh || bodyZh.length > BODY_MAX) refuseField("bodyZh");
  const bodyEn = bodyOf(input.bodyEn);
  if (!bodyEn || bodyEn.length > BODY_MAX) refuseField("bodyEn");
  const showAt = timeOf(input.show, "show");
  if (!showAt) refuseField("show");
  const hideAt = timeOf(input.hide, "hide");
  if (!hideAt || hideAt <= showAt) refuseField("hide");
  return { titleZh, titleEn, bodyZh, bodyEn, showAt, hideAt };
}

export async function listAnnouncements({ ctx, input }: { ctx: Ctx; input: { index?: number } }) {
  const [{ n }] = (await ctx.db.select({ n: count() }).from(announcements)) as [{ n: number }];
  const p = page(input.index, Number(n), ANNOUNCEMENT_PAGE_SIZE);
  const rows = await ctx.db.select().from(announcements).orderBy(desc(announcements.showAt), desc(announcements.id)).limit(p.size).offset(p.offset);
  return { list: rows.map(announcementView), count: p.count, max: p.max, index: p.index };
}

export async function saveAnnouncement({ ctx, input }: { ctx: CommandCtx; input: AnnouncementInput }) {
  const fields = checkAnnouncement(input.announcement);
  const id = input.announcement.id;
  const [row] =
    id === undefined
      ? await ctx.db.insert(announcements).values({ ...fields, createdAt: ctx.now, updatedAt: ctx.now }).returning()
      : await ctx.db.update(announcements).set({ ...fields, updatedAt: ctx.now }).where(eq(announcements.id, id)).returning();
  if (!row) refuse("ERROR_RESULT_NULL");
  return { announcement: announcementView(row), audit: { entity: "announcement", id: row.id, detail: fields.titleZh } };
}

export async function deleteAnnouncement({ ctx, input }: { ctx: CommandCtx; input: { id: number } }) {
  const [row] = await ctx.db.delete(announcements).where(eq(announcements.id, input.id)).returning();
  if (!row) refuse("ERROR_RESULT_NULL");
  return { audit: { entity: "announcement", id: row.id, detail: row.titleZh } };
}

/** The announcement in its window that this member has not seen yet (the one that started last), or null. */
export async function currentAnnouncement({ ctx }: { ctx: MemberCtx }) {
  const [row] = await ctx.db
    .select()
    .from(announcements)
    .where(
      and(
        lte(announcements.showAt, ctx.now),
        gt(announcements.hideAt, ctx.now),
        notExists(
          ctx.db
            .select({ one: announcementReads.userId })
            .from(announcementReads)
            .where(and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, ctx.actor.id))),
        ),
      ),
    )
    .orderBy(desc(announcements.showAt), desc(announcements.id))
    .limit(1);
  return { announcement: row ? announcementView(row) : null };
}

/** The member has seen it: it is not shown to them again. Seeing it twice changes nothing. */
export async function markSeen({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }) {
  const [row] = await ctx.db.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, input.id));
  if (!row) refuse("ERROR_RESULT_NULL");
  await ctx.db.insert(announcementReads).values({ announcementId: row.id, userId: ctx.actor.id, readAt: ctx.now }).onConflictDoNothing();
  return {};
}
