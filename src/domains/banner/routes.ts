import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { idField, pageIndex } from "../shared/fields";
import { bannerInfo, deleteBanner, listBanners, onlineBanners, saveBanner } from "./service";

const byId = t.Object({ id: idField });
const time = t.Optional(t.Union([t.String({ maxLength: 40 }), t.Null()]));

// Spec 2 section 7 sends `params` as JSON text; here it is the same object, typed and bounded
// (as /order/sign's properties): the verb names the first bad field.
export const bannerInput = t.Object({
  params: t.Object({
    id: t.Optional(idField),
    nameZh: t.String({ maxLength: 400 }),
    nameEn: t.String({ maxLength: 400 }),
    /** Sent only when above 0 (spec 2 section 5). */
    index: t.Optional(t.Integer({ minimum: 1, maximum: 1_000_000 })),
    show: time,
    hide: time,
    jump: t.Optional(t.Union([t.Integer({ minimum: 0, maximum: 1_000_000 }), t.Null()])),
    param: t.Optional(t.Union([t.String({ maxLength: 40 }), t.Null()])),
    face: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
  }),
});

export const bannerDomain = domain("banner", [
  query("/manager/banner/list", { access: "FUNCTION_ACTIVITY_EDIT", input: t.Object({ index: pageIndex }) }, listBanners),
  query("/manager/banner/info", { access: "FUNCTION_ACTIVITY_EDIT", input: byId }, bannerInfo),
  command("/manager/banner/save", { access: "FUNCTION_ACTIVITY_EDIT", input: bannerInput, audit: "banner.save" }, saveBanner),
  command("/manager/banner/delete", { access: "FUNCTION_ACTIVITY_EDIT", input: byId, audit: "banner.delete" }, deleteBanner),
  query("/banner/list", { access: "user" }, onlineBanners),
]);
