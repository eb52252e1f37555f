import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { NEWS_CONTENT_MAX, NEWS_PAGE_MAX } from "../../protocol/limits";
import { idField, pageIndex } from "../shared/fields";
import { deleteNews, listNews, openNews, saveNews } from "./service";

/** A type table id (NEWS_TYPE); the verb names the field when it is not one. */
const typeField = t.Integer({ minimum: 0, maximum: 1_000_000 });
// Loose enough that the verb answers which field is too long; tight enough to bound the work.
const titleField = t.String({ maxLength: 1000 });
const contentField = t.String({ maxLength: NEWS_CONTENT_MAX + 10_000 });

export const newsDomain = domain("news", [
  query("/news/list", { access: "user", input: t.Object({ type: typeField, index: pageIndex, size: t.Optional(t.Integer({ minimum: 1, maximum: NEWS_PAGE_MAX })) }) }, listNews),
  command("/news/info", { access: "user", input: t.Object({ id: idField }) }, openNews),
  command(
    "/news/update",
    {
      access: "FUNCTION_NEWS_EDIT",
      input: t.Object({
        id: t.Optional(idField),
        type: typeField,
        nameZh: titleField,
        nameEn: titleField,
        contentZh: contentField,
        contentEn: contentField,
        face: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
        isTop: t.Optional(t.Boolean()),
      }),
      // Two long articles in Chinese (3 bytes a character) with their markup, sealed.
      maxBytes: 1_000_000,
      audit: "news.update",
    },
    saveNews,
  ),
  command("/news/delete", { access: "FUNCTION_NEWS_EDIT", input: t.Object({ id: idField }), audit: "news.delete" }, deleteNews),
]);
