// News and notices (spec 2 sections 2, 3, 5 and 7): the lists, a member
// opening one (which marks it read), and the editor's save and delete
// (FUNCTION_NEWS_EDIT). Rich text is cleaned on the way in and again on the
// way out, so a row written by any other path still leaves clean.
import { Type as t } from "@sinclair/typebox";
import { and, count, desc, eq } from "drizzle-orm";
import { files, news, newsReads } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { cleanText } from "../../protocol/identity";
import { NEWS_CONTENT_MAX, NEWS_PAGE_SIZE, NEWS_TITLE_MAX } from "../../protocol/limits";
import { page, refuse, refuseField } from "../../protocol/result";
import { NEWS_TYPE } from "../../protocol/enumerations";
import type { MemberCtx } from "../context";
import { idField } from "../shared/fields";
import { cleanRichText } from "../shared/rich-text";

const TYPES = new Set<number>(Object.values(NEWS_TYPE));
const isNews = (type: number) => type === NEWS_TYPE.NEWS_TYPE_NEWS;
/** The address /file/upload/image answers (src/domains/file/service.ts filePath): nothing else may be a cover. */
const UPLOADED_IMAGE = /^\/api\/file\/get\?key=([0-9a-f]{64}\.(?:png|jpg))$/;


function typeOf(type: number): number {
  if (!TYPES.has(type)) refuseField("type");
  return type;
}

/** What a list row shows: no contents. */
const listColumns = {
  id: news.id,
  type: news.type,
  nameZh: news.nameZh,
  nameEn: news.nameEn,
  face: news.face,
  isTop: news.isTop,
  date: news.date,
};

type ListRow = { id: number; type: number; nameZh: string; nameEn: string; face: string | null; isTop: boolean; date: Date };

const rowView = (row: ListRow, checked: boolean) => ({
  id: row.id,
  type: { id: row.type },
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  face: row.face,
  isTop: row.isTop,
  date: row.date.toISOString(),
  checked,
});

export async function listNews({ ctx, input }: { ctx: MemberCtx; input: { type: number; index?: number; size?: number } }) {
  const type = typeOf(input.type);
  const where = eq(news.type, type);
  const [{ n }] = (await ctx.db.select({ n: count() }).from(news).where(where)) as [{ n: number }];
  const p = page(input.index, n, input.size ?? NEWS_PAGE_SIZE);
  // News: pinned first, then the newest; notices: the newest first (a notice is never pinned).
  const order = isNews(type) ? [desc(news.isTop), desc(news.date), desc(news.id)] : [desc(news.date), desc(news.id)];
  const rows = await ctx.db
    .select({ ...listColumns, readAt: newsReads.readAt })
    .from(news)
    .leftJoin(newsReads, and(eq(newsReads.newsId, news.id), eq(newsReads.userId, ctx.actor.id)))
    .where(where)
    .orderBy(...order)
    .limit(p.size)
    .offset(p.offset);
  return { list: rows.map((r) => rowView(r, r.readAt !== null)), count: p.count, max: p.max, index: p.index };
}

/** Opening an item is reading it: the read is recorded (once), so it is a command, not a query. */
export async function openNews({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }) {
  const [row] = await ctx.db.select().from(news).where(eq(news.id, input.id));
  if (!row) refuse("ERROR_RESULT_NULL");
  await ctx.db.insert(newsReads).values({ newsId: row.id, userId: ctx.actor.id, readAt: ctx.now }).onConflictDoNothing();
  return {
    news: {
      ...rowView(row, true),
      contentZh: cleanRichText(row.contentZh),
      contentEn: cleanRichText(row.contentEn),
    },
  };
}

/** A type table id (NEWS_TYPE); the verb names the field when it is not one. */
export const newsTypeField = t.Integer({ minimum: 0, maximum: 1_000_000 });
// Loose enough that the verb answers which field is too long; tight enough to bound the work.
const titleField = t.String({ maxLength: 1000 });
const contentField = t.String({ maxLength: NEWS_CONTENT_MAX + 10_000 });

/** /news/update: without an id it creates. */
export const newsInput = t.Object({
  id: t.Optional(idField),
  type: newsTypeField,
  nameZh: titleField,
  nameEn: titleField,
  contentZh: contentField,
  contentEn: contentField,
  face: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
  isTop: t.Optional(t.Boolean()),
});
export type NewsInput = typeof newsInput.static;

function titleOf(raw: string, field: "nameZh" | "nameEn"): string {
  const trimmed = raw.trim();
  if (!trimmed) refuseField(field);
  if (trimmed.length > NEWS_TITLE_MAX) refuseField(field, { max: NEWS_TITLE_MAX });
  return cleanText(trimmed);
}

function contentOf(raw: string, field: "contentZh" | "contentEn"): string {
  if (raw.length > NEWS_CONTENT_MAX) refuseField(field, { max: NEWS_CONTENT_MAX });
  return cleanRichText(raw);
}

/** A cover must be an image our upload answered (a row of `files`); none is fine. */
async function faceOf(ctx: MemberCtx, face: string | null | undefined): Promise<string | null> {
  if (face === undefined || face === null || face === "") return null;
  const key = UPLOADED_IMAGE.exec(face)?.[1];
  if (!key) refuseField("face");
  const [file] = await ctx.db.select({ id: files.id }).from(files).where(eq(files.key, key)).limit(1);
  if (!file) refuseField("face");
  return face;
}

/** Creates (no id) or edits a news item or notice. A notice keeps no cover and no pin. */
export async function saveNews({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: NewsInput }) {
  const type = typeOf(input.type);
  const fields = {
    type,
    nameZh: titleOf(input.nameZh, "nameZh"),
    nameEn: titleOf(input.nameEn, "nameEn"),
    contentZh: contentOf(input.contentZh, "contentZh"),
    contentEn: contentOf(input.contentEn, "contentEn"),
    face: isNews(type) ? await faceOf(ctx, input.face) : null,
    isTop: isNews(type) && input.isTop === true,
    updatedAt: ctx.now,
  };
  if (input.id === undefined) {
    // The date shown and sorted by is when the item was first published.
    const [row] = await ctx.db
      .insert(news)
      .values({ ...fields, date: ctx.now, createdAt: ctx.now })
      .returning({ id: news.id });
    return { id: row!.id, audit: { entity: "news", id: row!.id, detail: `create: ${fields.nameZh}` } };
  }
  const [row] = await ctx.db.update(news).set(fields).where(eq(news.id, input.id)).returning({ id: news.id });
  if (!row) refuse("ERROR_RESULT_NULL");
  return { id: row.id, audit: { entity: "news", id: row.id, detail: `edit: ${fields.nameZh}` } };
}

export async function deleteNews({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }) {
  const [row] = await ctx.db.delete(news).where(eq(news.id, input.id)).returning({ id: news.id, type: news.type, nameZh: news.nameZh });
  if (!row) refuse("ERROR_RESULT_NULL");
  return { type: { id: row.type }, audit: { entity: "news", id: row.id, detail: row.nameZh } };
}
