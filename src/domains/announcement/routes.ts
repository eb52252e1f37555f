import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { idField, pageIndex } from "../shared/fields";
import { announcementInput, currentAnnouncement, deleteAnnouncement, listAnnouncements, markSeen, saveAnnouncement } from "./service";

const byId = t.Object({ id: idField });

export const announcementDomain = domain("announcement", [
  query("/announcement/current", { access: "user" }, currentAnnouncement),
  command("/announcement/seen", { access: "user", input: byId }, markSeen),
  query("/manager/announcement/list", { access: "FUNCTION_ACTIVITY_EDIT", input: t.Object({ index: pageIndex }) }, listAnnouncements),
  command("/manager/announcement/save", { access: "FUNCTION_ACTIVITY_EDIT", input: announcementInput, audit: "announcement.save" }, saveAnnouncement),
  command("/manager/announcement/delete", { access: "FUNCTION_ACTIVITY_EDIT", input: byId, audit: "announcement.delete" }, deleteAnnouncement),
]);
