import { Type as t } from "@sinclair/typebox";
import { domain, query } from "../../http/kit";
import { idField, pageIndex } from "../shared/fields";
import { listManagers, listOperations, listPropertyLog, operationsInput } from "./operations";
import { listVisits } from "./visits";

// The member logs of spec 3 section 7 "Members and properties", behind the member-management search power.
const access = "FUNCTION_USER_OPERATION_FIND";
export const logsDomain = domain("logs", [
  query("/user/operation/managers", { access }, listManagers),
  query("/user/operation/operations", { access, input: operationsInput }, listOperations),
  query("/user/operation/propertylog", { access, input: t.Object({ user: t.Optional(idField), index: pageIndex }) }, listPropertyLog),
  query("/user/operation/visitlog", { access, input: t.Object({ user: t.Optional(idField), page: t.Optional(idField), index: pageIndex }) }, listVisits),
]);
