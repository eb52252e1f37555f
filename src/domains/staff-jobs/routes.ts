// The staff job calls: a job's progress and answer, and the actor's recent
// jobs (a reloaded page finds its running job and its answer). Only the
// staff member who started a job reads it.
import { Type as t } from "@sinclair/typebox";
import { domain, query } from "../../http/kit";
import { jobOf, jobsOf } from "./views";

export const jobKeyField = t.String({ pattern: "^[0-9a-f]{32}$", maxLength: 32 });
const kindField = t.String({ pattern: "^[a-z][a-z0-9.-]{0,63}$", maxLength: 64 });

export const staffJobsDomain = domain("staff-jobs", [
  query("/user/operation/job", { access: "user", input: t.Object({ key: jobKeyField }) }, async ({ ctx, input }) => ({ job: await jobOf(ctx, input.key) })),
  query("/user/operation/jobs", { access: "user", input: t.Object({ kind: t.Optional(kindField) }) }, async ({ ctx, input }) => ({
    list: await jobsOf(ctx, input.kind ? [input.kind] : null),
  })),
]);
