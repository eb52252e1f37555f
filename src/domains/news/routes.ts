import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { NEWS_PAGE_MAX } from "../../protocol/limits";
import { idField, pageIndex } from "../shared/fields";
import { deleteNews, listNews, newsInput, newsTypeField as typeField, openNews, saveNews } from "./service";


export const newsDomain = domain("news", [
  query("/news/list", { access: "user", input: t.Object({ type: typeField, index: pageIndex, size: t.Optional(t.Integer({ minimum: 1, maximum: NEWS_PAGE_MAX })) }) }, listNews),
  command("/news/info", { access: "user", input: t.Object({ id: idField }) }, openNews),
  command(
    "/news/update",
    {
      access: "FUNCTION_NEWS_EDIT",
      input: newsInput,
      // Two long articles in Chinese (3 bytes a character) with their markup, sealed.
      maxBytes: 1_000_000,
      audit: "news.update",
    },
    saveNews,
  ),
  command("/news/delete", { access: "FUNCTION_NEWS_EDIT", input: t.Object({ id: idField }), audit: "news.delete" }, deleteNews),
]);
