import { Type as t } from "@sinclair/typebox";
import { domain, download, query } from "../../http/kit";
import { idField, pageIndex } from "../shared/fields";
import { listOutbox, outboxAttachment } from "./service";

export const outboxDomain = domain("outbox", [
  query("/system/outbox/list", { access: "FUNCTION_SYSTEM_PAGE", input: t.Object({ index: pageIndex }) }, listOutbox),
  // A mail's attachment (an export sent by mail): for the member it was mailed to and holders of the power that made it, whom the verb checks.
  download("/system/outbox/attachment", { access: "user", input: t.Object({ id: t.String({ pattern: "^[1-9][0-9]{0,9}$", maxLength: 10 }) }) }, outboxAttachment),
]);
