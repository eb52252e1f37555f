// Member management (spec 3 section 7 "Members and properties"): search,
// detail, the staff member form, reset activation, leave, a member's points.
import { Type as t } from "@sinclair/typebox";
import { command, domain, download, query, upload } from "../../http/kit";
import { idField } from "../shared/fields";
import { findFromSheet } from "./find-import";
import { exportListDownload, exportListInput, exportListQuery, startExportList } from "./exports";
import { createMember, memberConflicts, memberSaveInput, updateMember } from "./save";
import { memberIdInput, memberInfo, memberSearchInput, searchMembers } from "./search";
import { factorResetInput, leaveMember, memberBalance, memberPoints, memberPointsInput, resetInput, resetMember, resetSecondFactor } from "./state";

export const memberAdminDomain = domain("member-admin", [
  query("/user/operation/list", { access: "FUNCTION_USER_OPERATION_FIND", input: memberSearchInput }, searchMembers),
  download("/user/operation/export/list", { access: "FUNCTION_USER_EXPORT_LIST", input: exportListQuery }, exportListDownload),
  command("/user/operation/export/list", { access: "FUNCTION_USER_EXPORT_LIST", input: exportListInput, audit: "member.export.list" }, startExportList),
  upload("/user/operation/import/find", { access: "FUNCTION_USER_OPERATION_FIND", maxBytes: 10 * 1024 * 1024, files: ["xlsx"] }, findFromSheet),
  query("/user/operation/info", { access: "FUNCTION_USER_OPERATION_INFO", input: memberIdInput }, memberInfo),
  command("/user/operation/create", { access: "FUNCTION_USER_OPERATION_CREATE", input: memberSaveInput, audit: "member.create", conflicts: memberConflicts }, createMember),
  command("/user/operation/update", { access: "FUNCTION_USER_OPERATION_PROPERTY", input: memberSaveInput, audit: "member.update", conflicts: memberConflicts }, updateMember),
  command("/user/operation/second-factor/reset", { access: "FUNCTION_USER_OPERATION_STATE", input: factorResetInput, audit: "second-factor.reset" }, resetSecondFactor),
  command("/user/operation/reset", { access: "FUNCTION_USER_OPERATION_STATE", input: resetInput, audit: "member.reset", conflicts: memberConflicts }, resetMember),
  command("/user/operation/leave", { access: "FUNCTION_USER_OPERATION_STATE", input: memberIdInput, audit: "member.leave" }, leaveMember),
  query("/user/operation/integral/list", { access: "FUNCTION_INTEGRAL_OPERATION", input: memberPointsInput }, memberPoints),
  query("/user/operation/integral/balance", { access: "FUNCTION_INTEGRAL_OPERATION", input: t.Object({ user: idField }) }, memberBalance),
]);
