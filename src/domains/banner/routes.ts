import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { idField, pageIndex } from "../shared/fields";
import { bannerInfo, bannerInput, deleteBanner, listBanners, onlineBanners, saveBanner } from "./service";

const byId = t.Object({ id: idField });

export const bannerDomain = domain("banner", [
  query("/manager/banner/list", { access: "FUNCTION_ACTIVITY_EDIT", input: t.Object({ index: pageIndex }) }, listBanners),
  query("/manager/banner/info", { access: "FUNCTION_ACTIVITY_EDIT", input: byId }, bannerInfo),
  command("/manager/banner/save", { access: "FUNCTION_ACTIVITY_EDIT", input: bannerInput, audit: "banner.save" }, saveBanner),
  command("/manager/banner/delete", { access: "FUNCTION_ACTIVITY_EDIT", input: byId, audit: "banner.delete" }, deleteBanner),
  query("/banner/list", { access: "user" }, onlineBanners),
]);
