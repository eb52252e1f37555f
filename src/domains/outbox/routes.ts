import { Type as t } from "@sinclair/typebox";
import { domain, query } from "../../http/kit";
import { pageIndex } from "../shared/fields";
import { listOutbox } from "./service";

export const outboxDomain = domain("outbox", [query("/system/outbox/list", { access: "FUNCTION_SYSTEM_PAGE", input: t.Object({ index: pageIndex }) }, listOutbox)]);
