// What the four writing member imports share (spec 3 sections 4.3, 7, 8):
// the kinds with their powers, members found by employee number in a few
// set-based reads, the operation-log rows of the members an import changed,
// the file's content digest, the chunked writing of a job, and the reasons
// of the feedback table.
import { createHash } from "node:crypto";
import { Type as t } from "@sinclair/typebox";
import { and, eq, inArray, sql } from "drizzle-orm";
import { importMarks, operationLog, properties, userValues, users } from "../../db/schema";
import type { CommandCtx, UploadedFile } from "../../http/kit";
import { PROPERTY_PURPOSE } from "../../protocol/enumerations";
import type { PowerCode } from "../../protocol/powers";
import { message, refuse } from "../../protocol/result";
import { can, type Ctx, type MemberCtx } from "../context";
import { chunksOf, importKeyPattern, type ImportColumn, type ImportRecord, type Judged, keepImportLog, type ReasonTexts } from "../shared/sheets/imports";
import type { JobTask, Report } from "../staff-jobs/kit";
import { recordRows, rowsDone } from "../staff-jobs/rows";

export type { Report };

/** The writing member imports, each with its power (spec 3 section 6). */
export const MEMBER_IMPORTS = {
  update: "FUNCTION_USER_IMPORT_UPDATE",
  leave: "FUNCTION_USER_IMPORT_LEAVE",
  integral: "FUNCTION_INTEGRAL_OPERATION",
  welcome: "FUNCTION_USER_IMPORT_LEAVE",
} as const satisfies Record<string, PowerCode>;
export type MemberImportKind = keyof typeof MEMBER_IMPORTS;
export const MEMBER_IMPORT_POWERS = [...new Set(Object.values(MEMBER_IMPORTS))] as PowerCode[];

/** The log's `kind` in import_logs. */
export const logKind = (kind: MemberImportKind) => `member.${kind}`;

/** A log of one of the imports, by the `key` the import answered, named `log` (a signed GET's own `key` is its nonce). */
export const memberLogInput = t.Object({
  kind: t.Union((Object.keys(MEMBER_IMPORTS) as MemberImportKind[]).map((k) => t.Literal(k))),
  log: t.String({ pattern: importKeyPattern, maxLength: 32 }),
});

/** The route admits any import power; the kind's own is checked here. */
export function needPower(ctx: Ctx, kind: MemberImportKind) {
  if (!can(ctx, MEMBER_IMPORTS[kind])) refuse("ERROR_NOT_POWER");
}

/** Rows written per transaction: short, so other requests (PGlite has one connection) and the job's polls never wait long. */
const WRITE_CHUNK = 500;

/**
 * The end of a member import, run as a staff job on the pool: when no row is
 * refused, the changes are written a chunk at a time, each chunk its own
 * transaction under the job's lease (`job.write`), progress reported after
 * each; then the log is kept in a last transaction and answered. Each chunk
 * records what it did per row (`outcomeOf`: "create", "update", else "apply")
 * and writes only rows the job had not done: a rerun after a crash or a
 * takeover finds the rows an earlier run of the job wrote, and counts them as
 * the job's (applied, with their outcome), not as unchanged. Answers the log's
 * answer and how many rows the whole job did, by outcome.
 */
export async function completeImport<C>(
  ctx: MemberCtx,
  args: {
    kind: MemberImportKind;
    job: JobTask;
    file: UploadedFile;
    header: string[];
    judged: Judged<C>[];
    report: Report;
    write: (c: CommandCtx<MemberCtx>, part: C[]) => Promise<void>;
    outcomeOf?: (change: C) => string;
  },
) {
  const earlier = await rowsDone(ctx, args.job.key);
  // A row an earlier run of this job wrote is judged "unchanged" against what is stored now: it is the job's doing.
  const judged: Judged<C>[] = args.judged.map((j) => (earlier.has(j.line) ? { line: j.line, cells: j.cells, verdict: "apply", reason: null } : j));
  const refused = judged.some((j) => j.verdict === "refused");
  const changes = refused ? [] : judged.flatMap((j) => (j.verdict === "apply" && j.change !== undefined ? [{ line: j.line, change: j.change }] : []));
  // Progress is the whole job's too: the rows an earlier run wrote are done already.
  const total = judged.length + earlier.size + changes.length;
  await args.report(judged.length + earlier.size, total);
  const outcomes = new Map<string, number>();
  const tally = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  for (const outcome of earlier.values()) tally(outcome);
  let written = 0;
  for (const part of chunksOf(changes, WRITE_CHUNK)) {
    const done = await args.job.write(`${logKind(args.kind)}.import`, async (c) => {
      const rows = part.map((x) => ({ ...x, outcome: args.outcomeOf?.(x.change) ?? "apply" }));
      const fresh = await recordRows(c, args.job.key, rows);
      const mine = rows.filter((x) => fresh.has(x.line));
      if (mine.length > 0) await args.write(c, mine.map((x) => x.change));
      return { outcomes: mine.map((x) => x.outcome) };
    });
    done.outcomes.forEach(tally);
    written += part.length;
    await args.report(judged.length + earlier.size + written, total);
    // A turn for whatever waits on the database between two chunks: on PGlite's one connection, a request
    // queued behind this chunk would otherwise wait behind the next one too, and the next, to the end.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const count = refused ? 0 : [...outcomes.values()].reduce((a, b) => a + b, 0);
  const answer = await args.job.write(`${logKind(args.kind)}.log`, (c) => keepImportLog(c, { kind: logKind(args.kind), file: args.file, header: args.header, judged, count }));
  // The job's stored answer is what a poll reads: it says SUCCESS itself, as the upload's answer would.
  return { answer: { message: message("SUCCESS"), ...answer }, outcomes };
}

/** A member import as the job kit runs it: the file it was started with. */
export function fileOf(job: JobTask): UploadedFile {
  if (!job.file) refuse("ERROR_RESULT_NULL", { reason: "file" });
  return job.file;
}

/** The employee-number column every member import keys on, titled like the employee-number property. */
export async function employeesColumn(ctx: Pick<Ctx, "db">): Promise<ImportColumn<"employees">> {
  const [p] = await ctx.db.select({ zh: properties.titleZh, en: properties.titleEn }).from(properties).where(eq(properties.purpose, PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES)).limit(1);
  return { key: "employees", zh: p?.zh ?? "员工号", en: p?.en ?? "Employee ID", required: true, aliases: ["员工号", "工号", "Employee ID", "Employee number", "employees"] };
}

export type StoredMember = typeof users.$inferSelect;

/** The members the file names, by employee number: one read per thousand numbers. */
export async function membersByEmployees(ctx: Pick<Ctx, "db">, numbers: readonly string[]): Promise<Map<string, StoredMember>> {
  const found = new Map<string, StoredMember>();
  for (const part of chunksOf([...new Set(numbers.filter((n) => n))])) for (const u of await ctx.db.select().from(users).where(inArray(users.employees, part))) found.set(u.employees!, u);
  return found;
}

/** The stored profile values of these members, by member then property. */
export async function valuesOf(ctx: Pick<Ctx, "db">, userIds: readonly number[]) {
  const byUser = new Map<number, Map<number, { optionId: number | null; value: string | string[] }>>();
  for (const part of chunksOf(userIds)) {
    // Read as jsonb text: Drizzle on PGlite would turn a value "13900000001" into a number.
    const rows = await ctx.db
      .select({ userId: userValues.userId, propertyId: userValues.propertyId, optionId: userValues.optionId, json: sql<string>`${userValues.value}::text` })
      .from(userValues)
      .where(inArray(userValues.userId, part));
    for (const v of rows) {
      let m = byUser.get(v.userId);
      if (!m) byUser.set(v.userId, (m = new Map()));
      m.set(v.propertyId, { optionId: v.optionId, value: JSON.parse(v.json) as string | string[] });
    }
  }
  return byUser;
}

/**
 * One operation-log row per member the import changed (the member's own log
 * shows it, by the importing staff member), written in multi-row statements;
 * answers each member's row id (property_log rows point to it).
 */
export async function logMembers(ctx: CommandCtx<MemberCtx>, args: { action: string; userIds: readonly number[]; detail: string }): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const part of chunksOf(args.userIds)) {
    const rows = await ctx.db
      .insert(operationLog)
      .values(part.map((id) => ({ userId: ctx.actor.id, targetUserId: id, action: args.action, targetEntity: "user", targetId: String(id), detail: args.detail, ip: ctx.ip, createdAt: ctx.now })))
      .returning({ id: operationLog.id, user: operationLog.targetUserId });
    for (const r of rows) ids.set(r.user!, r.id);
  }
  return ids;
}

/** The file's content as read (its header and rows), hashed: a renamed or re-saved copy has the same digest. */
export function digestOf(header: readonly string[], records: readonly ImportRecord<string>[]): string {
  const hash = createHash("sha256").update(JSON.stringify(header));
  for (const r of records) hash.update("\n").update(JSON.stringify(r.cells));
  return hash.digest("hex");
}

/** The marks an adding import (points, welcome) left for this file. */
export async function marksOf(ctx: Pick<Ctx, "db">, kind: MemberImportKind, digest: string): Promise<Set<string>> {
  const rows = await ctx.db.select({ mark: importMarks.mark }).from(importMarks).where(and(eq(importMarks.kind, logKind(kind)), eq(importMarks.digest, digest)));
  return new Set(rows.map((r) => r.mark));
}

/**
 * Marks what of the file is being done; answers the marks that are new, the
 * only rows the caller may then write (in the same transaction): the unique
 * mark makes a row's effect once per file, whichever run or job gets there.
 */
export async function addMarks(ctx: CommandCtx, kind: MemberImportKind, digest: string, marks: readonly string[]): Promise<Set<string>> {
  const fresh = new Set<string>();
  for (const part of chunksOf(marks)) {
    const rows = await ctx.db
      .insert(importMarks)
      .values(part.map((mark) => ({ kind: logKind(kind), digest, mark, createdAt: ctx.now })))
      .onConflictDoNothing()
      .returning({ mark: importMarks.mark });
    for (const r of rows) fresh.add(r.mark);
  }
  return fresh;
}

/** The reasons a member import gives, as the feedback table words them (the UI has the same under `members.imports.reasons`). */
export const MEMBER_IMPORT_REASONS: ReasonTexts = {
  "employees.empty": ["缺少员工号", "The employee number is missing"],
  "employees.format": ["员工号应为 1-50 位字母、数字、下划线或横线", "An employee number is 1-50 letters, digits, underscores or dashes"],
  "member.notFound": ["没有这个员工号的会员", "No member has this employee number"],
  "member.left": ["该会员已离职", "The member has left"],
  "member.same": ["信息无变化", "Nothing to change"],
  "nationality.empty": ["请填写国籍", "The nationality is missing"],
  "nationality.unknown": ["没有这个国籍", "No such nationality"],
  "role.empty": ["请填写用户角色", "The role is missing"],
  "role.unknown": ["没有这个用户角色", "No such role"],
  "role.self": ["「用户角色」：不能更改自己的角色", '"Role": you cannot change your own role'],
  "role.above": ["「用户角色」：该角色含有您没有的权限，不能授予", '"Role": this role holds powers you do not have, so you cannot give it'],
  "role.holder": ["「用户角色」：该会员的角色含有您没有的权限，不能更改", '"Role": this member\'s role holds powers you do not have, so you cannot change it'],
  "contact.holder": ["该会员的角色含有您没有的权限，不能更改其手机号或邮箱", "This member's role holds powers you do not have: you cannot change their phone or e-mail"],
  "state.holder": ["该会员的角色含有您没有的权限，不能将其设为离职", "This member's role holds powers you do not have: you cannot mark them as left"],
  "phone.format": ["手机号格式不正确", "The mobile number is not valid"],
  "mail.format": ["邮箱格式不正确", "The e-mail address is not valid"],
  "contact.taken": ["员工号、邮箱或手机号已被其他会员使用", "Another member has this employee number, e-mail or phone"],
  "mail.none": ["该会员没有邮箱", "The member has no e-mail address"],
  "points.empty": ["缺少积分", "The points are missing"],
  "points.format": ["积分应为大于 0 的数字（最多两位小数，不超过 1,000,000）", "Points are a number above 0 (two decimals at most, up to 1,000,000)"],
  "reason.empty": ["缺少原因", "The reason is missing"],
  "reason.long": ["原因超过 100 个字", "The reason is longer than 100 characters"],
  "expiry.format": ["有效期应为日期，如 2027-12-31", "The expiry is a date such as 2027-12-31"],
  "expiry.past": ["有效期已过", "The expiry date has passed"],
  "file.done": ["该文件已导入过这一行", "This row of the same file was already imported"],
  "file.repeat": ["与文件中前面的行相同", "The same as an earlier row of the file"],
  "file.conflict": ["与文件中前面的行冲突（同一员工号，不同信息）", "Conflicts with an earlier row of the file (same employee number, other details)"],
  "file.contactRepeat": ["手机号或邮箱与文件中前面的行相同", "The phone or e-mail is the same as an earlier row's"],
};

/** A property's value that fails the member form's checks: `property.<id>`, worded with its title. */
export const propertyReason = (id: number) => `property.${id}`;

/** The reasons with one for every property, for the feedback table. */
export async function memberImportReasons(ctx: Pick<Ctx, "db">): Promise<ReasonTexts> {
  const rows = await ctx.db.select({ id: properties.id, zh: properties.titleZh, en: properties.titleEn }).from(properties);
  const texts: Record<string, readonly [string, string]> = { ...MEMBER_IMPORT_REASONS };
  for (const p of rows) texts[propertyReason(p.id)] = [`「${p.zh}」未填写或不符合要求`, `"${p.en}" is missing or not valid`];
  return texts;
}
