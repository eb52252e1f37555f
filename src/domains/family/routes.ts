import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { idField } from "../shared/fields";
import { deleteFamily, familyInput, findFamily, listFamily, listFamilyForStaff, saveFamily } from "./service";

export const familyDomain = domain("family", [
  query("/user/family/list", { access: "user" }, listFamily),
  query("/family/find", { access: "user", input: t.Object({ id: t.Optional(idField) }) }, findFamily),
  command("/user/family/save", { access: "user", input: familyInput }, saveFamily),
  command("/user/family/delete", { access: "user", input: t.Object({ id: idField }) }, deleteFamily),
  query("/family/list", { access: "FUNCTION_USER_FIND_FAMILY", input: t.Object({ user: idField }) }, listFamilyForStaff),
]);
