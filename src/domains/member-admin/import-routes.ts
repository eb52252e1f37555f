// The member imports' calls (spec 3 section 7 "Members and properties"):
// four uploads, each with its own power, run as staff jobs (the upload waits
// for the answer a while, then the page polls), the feedback log of each (download,
// clear) and a template to fill in (./templates.ts).
import { Type as t } from "@sinclair/typebox";
import { and, eq } from "drizzle-orm";
import { importLogs } from "../../db/schema";
import { command, domain, download } from "../../http/kit";
import { refuse } from "../../protocol/result";
import { defineJob } from "../staff-jobs/kit";
import { jobUpload } from "../staff-jobs/upload";
import type { MemberCtx } from "../context";
import { clearImportLog, importLogFile, MAX_IMPORT_BYTES } from "../shared/sheets/imports";
import { MEMBER_IMPORT_POWERS, MEMBER_IMPORTS, type MemberImportKind, logKind, memberImportReasons, memberLogInput, needPower } from "./import-kit";
import { importLeavers, importPoints, importWelcome } from "./import-lists";
import { importMembers } from "./import-update";
import { templateFile } from "./templates";

/** The imports run as staff jobs (a reloaded page finds them by these kinds through /user/operation/jobs). */
export const MEMBER_IMPORT_JOBS = {
  update: defineJob("member.import.update", MEMBER_IMPORTS.update, importMembers),
  leave: defineJob("member.import.leave", MEMBER_IMPORTS.leave, importLeavers),
  integral: defineJob("member.import.integral", MEMBER_IMPORTS.integral, importPoints),
  welcome: defineJob("member.import.welcome", MEMBER_IMPORTS.welcome, importWelcome),
};

const kindInput = t.Object({ kind: memberLogInput.properties.kind });
/** The spec's `{ key }` (a POST has no nonce in its query); `kind` is optional and, when given, must be the log's. */
const clearLogInput = t.Object({ key: memberLogInput.properties.log, kind: t.Optional(memberLogInput.properties.kind) });

/** Which member import the actor's log `key` is of; ERROR_RESULT_NULL when they have no such log. */
async function memberLogKind(ctx: MemberCtx, key: string): Promise<MemberImportKind> {
  const [log] = await ctx.db
    .select({ kind: importLogs.kind })
    .from(importLogs)
    .where(and(eq(importLogs.key, key), eq(importLogs.userId, ctx.actor.id)));
  const kind = (Object.keys(MEMBER_IMPORTS) as MemberImportKind[]).find((k) => logKind(k) === log?.kind);
  if (!kind) refuse("ERROR_RESULT_NULL");
  return kind;
}

export const memberImportDomain = domain("member-imports", [
  jobUpload("/user/operation/import/update", { access: "FUNCTION_USER_IMPORT_UPDATE", maxBytes: MAX_IMPORT_BYTES, files: ["xlsx"], audit: "member.import.update" }, MEMBER_IMPORT_JOBS.update),
  jobUpload("/user/operation/import/leave", { access: "FUNCTION_USER_IMPORT_LEAVE", maxBytes: MAX_IMPORT_BYTES, files: ["xlsx"], audit: "member.import.leave" }, MEMBER_IMPORT_JOBS.leave),
  jobUpload("/user/operation/import/integral", { access: "FUNCTION_INTEGRAL_OPERATION", maxBytes: MAX_IMPORT_BYTES, files: ["xlsx"], audit: "member.import.integral" }, MEMBER_IMPORT_JOBS.integral),
  jobUpload("/user/operation/import/welcome", { access: "FUNCTION_USER_IMPORT_LEAVE", maxBytes: MAX_IMPORT_BYTES, files: ["xlsx"], audit: "member.import.welcome" }, MEMBER_IMPORT_JOBS.welcome),
  download("/user/operation/download/log", { access: MEMBER_IMPORT_POWERS, input: memberLogInput }, async ({ ctx, input }) => {
    needPower(ctx, input.kind);
    return importLogFile(ctx, { kind: logKind(input.kind), key: input.log, reasons: await memberImportReasons(ctx) });
  }),
  command("/user/operation/clear/log", { access: MEMBER_IMPORT_POWERS, input: clearLogInput, audit: "member.import.clear" }, async ({ ctx, input }) => {
    const kind = input.kind ?? (await memberLogKind(ctx, input.key));
    needPower(ctx, kind);
    return clearImportLog(ctx, { kind: logKind(kind), key: input.key });
  }),
  download("/user/operation/import/template", { access: MEMBER_IMPORT_POWERS, input: kindInput }, ({ ctx, input }) => templateFile(ctx, input.kind)),
]);
