// The member imports that name members by employee number and act on them
// (spec 3 sections 4.3, 7, 8), each judged whole before anything is written:
//   /user/operation/import/leave     leavers (FUNCTION_USER_IMPORT_LEAVE), the
//                                    leave verb's rules: state leave, left_at,
//                                    every session ended; already left is unchanged
//   /user/operation/import/integral  points with a reason and an expiry
//                                    (FUNCTION_INTEGRAL_OPERATION), entries of
//                                    the points ledger
//   /user/operation/import/welcome   the welcome mail (FUNCTION_USER_IMPORT_LEAVE,
//                                    as spec 3 section 6 groups it), through the outbox
// Points and mails add rather than set, so what a file did is marked by the
// digest of its content (import_marks): the same file again, renamed or not,
// finds every row done and changes nothing.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { outbox, pointRecords, properties, users, userValues } from "../../db/schema";
import { LANGUAGE, POINT_TYPE, PROPERTY_PURPOSE, USER_STATE } from "../../protocol/enumerations";
import type { MemberCtx } from "../context";
import { deliverMessages } from "../shared/messages";
import { signOutEverywhere } from "../shared/sessions";
import { type ImportColumn, type Judged, recordsOf, refusedFor } from "../shared/sheets/imports";
import type { JobTask } from "../staff-jobs/kit";
import { isAbove, rolePowersOf } from "./roles";
import { addMarks, completeImport, digestOf, employeesColumn, fileOf, logMembers, marksOf, membersByEmployees, needPower, type Report, type StoredMember } from "./import-kit";

/** The most points one row may give, and the reason's length. */
const MAX_POINTS = 1_000_000;
const MAX_REASON = 100;
/** China time (UTC+8): an expiry date ends at its midnight there. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Upload /user/operation/import/leave: answers `count`, the members marked as left. */
export async function importLeavers(ctx: MemberCtx, job: JobTask, report: Report) {
  needPower(ctx, "leave");
  const file = fileOf(job);
  const { header, records } = recordsOf(file.bytes, [await employeesColumn(ctx)]);
  const [members, powersOf] = await Promise.all([membersByEmployees(ctx, records.map((r) => r.values.employees.trim())), rolePowersOf(ctx)]);
  const seen = new Set<string>();
  const judged: Judged<number>[] = records.map(({ line, cells, values }) => {
    const employees = values.employees.trim();
    if (!employees) return { line, cells, verdict: "refused", reason: "employees.empty" };
    const member = members.get(employees);
    if (!member) return { line, cells, verdict: "refused", reason: "member.notFound" };
    if (seen.has(employees)) return { line, cells, verdict: "same", reason: "file.repeat" };
    seen.add(employees);
    if (member.state === USER_STATE.USER_STATE_LEFT) return { line, cells, verdict: "same", reason: "member.left" };
    // Decision 103: leaving would lock out an account above the importer.
    if (isAbove(ctx.actor, powersOf, member)) return { line, cells, verdict: "refused", reason: "state.holder" };
    return { line, cells, verdict: "apply", reason: null, change: member.id };
  });
  const { answer } = await completeImport(ctx, {
    kind: "leave",
    job,
    file,
    header,
    judged,
    report,
    write: async (c, ids) => {
      const rows = await c.db
        .update(users)
        .set({ state: USER_STATE.USER_STATE_LEFT, leftAt: c.now, updatedAt: c.now })
        .where(and(inArray(users.id, ids), ne(users.state, USER_STATE.USER_STATE_LEFT)))
        .returning({ id: users.id });
      // Signed out everywhere at once, as the leave verb does (a chunk is at most 500 members: one notification).
      await signOutEverywhere(c, ids);
      await logMembers(c, { action: "member.leave", userIds: rows.map((r) => r.id), detail: `import: ${file.name}` });
    },
  });
  return answer;
}

type PointsKey = "employees" | "points" | "reason" | "expiry";
export const POINTS_COLUMNS = async (ctx: MemberCtx): Promise<ImportColumn<PointsKey>[]> => [
  await employeesColumn(ctx),
  { key: "points", zh: "积分", en: "Points", required: true },
  { key: "reason", zh: "原因", en: "Reason", required: true, aliases: ["积分原因", "说明"] },
  { key: "expiry", zh: "有效期至", en: "Expires on", required: false, aliases: ["有效期", "Expiry"] },
];

/** Points as typed (up to two decimals) in hundredths, or null. */
function hundredthsOf(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const n = Math.round(Number(text) * 100);
  return n > 0 && n <= MAX_POINTS * 100 ? n : null;
}

/** An expiry date (2027-12-31, 2027/12/31, or a date cell) as the instant it ends in China time, or null. */
function expiryOf(text: string): Date | null {
  let y: number, m: number, d: number;
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) ? new Date(text) : null;
  if (iso && !Number.isNaN(iso.getTime())) {
    const day = new Date(Math.round(iso.getTime() / 86_400_000) * 86_400_000);
    [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
  } else {
    const hit = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(text);
    if (!hit) return null;
    [y, m, d] = [Number(hit[1]), Number(hit[2]), Number(hit[3])];
  }
  const start = Date.UTC(y, m - 1, d);
  const check = new Date(start);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return new Date(start + 86_400_000 - CHINA_OFFSET_MS);
}

/**
 * The file of an import that adds (points, welcome): its rows, their members
 * by employee number, and the marks this same file has already left.
 */
async function readAddingFile<K extends string>(ctx: MemberCtx, job: JobTask, kind: "integral" | "welcome", columns: ImportColumn<K | "employees">[]) {
  const file = fileOf(job);
  const { header, records } = recordsOf(file.bytes, columns);
  const digest = digestOf(header, records);
  const [members, done] = await Promise.all([membersByEmployees(ctx, records.map((r) => r.values.employees.trim())), marksOf(ctx, kind, digest)]);
  return { file, header, records, digest, members, done };
}

/** The member a row of an adding import names, who must not have left; else why the row is refused. */
function memberToAddTo(members: Map<string, StoredMember>, employees: string): StoredMember | string {
  if (!employees) return "employees.empty";
  const member = members.get(employees);
  if (!member) return "member.notFound";
  if (member.state === USER_STATE.USER_STATE_LEFT) return "member.left";
  return member;
}

type PointsChange = { line: number; userId: number; count: number; reason: string; expiresAt: Date | null };

/** Upload /user/operation/import/integral: answers `count`, the entries added to the ledger. */
export async function importPoints(ctx: MemberCtx, job: JobTask, report: Report) {
  needPower(ctx, "integral");
  const { file, header, records, digest, members, done } = await readAddingFile(ctx, job, "integral", await POINTS_COLUMNS(ctx));
  const judged: Judged<PointsChange>[] = records.map(({ line, cells, values }) => {
    // Every fault of the row is named (decision 111).
    const faults: string[] = [];
    const member = memberToAddTo(members, values.employees.trim());
    if (typeof member === "string") faults.push(member);
    const count = values.points ? hundredthsOf(values.points) : null;
    if (!values.points) faults.push("points.empty");
    else if (count === null) faults.push("points.format");
    const reason = values.reason.trim();
    if (!reason) faults.push("reason.empty");
    else if (reason.length > MAX_REASON) faults.push("reason.long");
    const expiresAt = values.expiry ? expiryOf(values.expiry) : null;
    if (values.expiry && !expiresAt) faults.push("expiry.format");
    else if (expiresAt && expiresAt <= ctx.now) faults.push("expiry.past");
    if (faults.length || typeof member === "string" || count === null) return refusedFor(line, cells, faults);
    // Two rows for one member are two entries; a row this file already gave is not given again.
    if (done.has(String(line))) return { line, cells, verdict: "same", reason: "file.done" };
    return { line, cells, verdict: "apply", reason: null, change: { line, userId: member.id, count, reason, expiresAt } };
  });
  const { answer } = await completeImport(ctx, {
    kind: "integral",
    job,
    file,
    header,
    judged,
    report,
    write: async (c, part) => {
      // The row's mark first: a row of this file another run or job already gave is not given again.
      const fresh = await addMarks(c, "integral", digest, part.map((x) => String(x.line)));
      const give = part.filter((x) => fresh.has(String(x.line)));
      if (give.length === 0) return;
      await c.db.insert(pointRecords).values(
        give.map((x) => ({ userId: x.userId, count: x.count, type: POINT_TYPE.POINT_TYPE_ENTRY, remaining: x.count, expiresAt: x.expiresAt, descZh: x.reason, descEn: x.reason, createdAt: c.now })),
      );
      await logMembers(c, { action: "member.points", userIds: [...new Set(give.map((x) => x.userId))], detail: `import: ${file.name}` });
    },
  });
  return answer;
}

/** The welcome mail, in the member's language (both when they have not chosen). */
function welcomeMail(args: { name: string; employees: string; language: number | null; url: string | null }) {
  const zh = [
    `${args.name || "会员"}，您好：`,
    "欢迎加入工会会员之家。",
    `请使用员工号 ${args.employees} 激活您的账号${args.url ? `：${args.url}` : "。"}`,
  ].join("\n");
  const en = [`Dear ${args.name || "member"},`, "Welcome to the union members' portal.", `Please activate your account with your employee number ${args.employees}${args.url ? `: ${args.url}` : "."}`].join("\n");
  if (args.language === LANGUAGE.LANGUAGE_ZH) return { subject: "欢迎加入工会", text: zh };
  if (args.language === LANGUAGE.LANGUAGE_EN) return { subject: "Welcome to the union", text: en };
  return { subject: "欢迎加入工会 / Welcome to the union", text: `${zh}\n\n${en}` };
}

type WelcomeChange = { userId: number; to: string; employees: string; language: number | null };

/** Upload /user/operation/import/welcome: answers `count`, the mails queued. */
export async function importWelcome(ctx: MemberCtx, job: JobTask, report: Report) {
  needPower(ctx, "welcome");
  const { file, header, records, digest, members, done } = await readAddingFile(ctx, job, "welcome", [await employeesColumn(ctx)]);
  const seen = new Set<number>();
  const judged: Judged<WelcomeChange>[] = records.map(({ line, cells, values }) => {
    const refuseRow = (reason: string): Judged<WelcomeChange> => ({ line, cells, verdict: "refused", reason });
    const employees = values.employees.trim();
    const member = memberToAddTo(members, employees);
    if (typeof member === "string") return refuseRow(member);
    if (!member.mail) return refuseRow("mail.none");
    if (seen.has(member.id)) return { line, cells, verdict: "same", reason: "file.repeat" };
    seen.add(member.id);
    if (done.has(String(member.id))) return { line, cells, verdict: "same", reason: "file.done" };
    return { line, cells, verdict: "apply", reason: null, change: { userId: member.id, to: member.mail, employees, language: member.language } };
  });
  const [nameProp] = await ctx.db.select({ id: properties.id }).from(properties).where(eq(properties.purpose, PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME)).limit(1);
  const { answer } = await completeImport(ctx, {
    kind: "welcome",
    job,
    file,
    header,
    judged,
    report,
    write: async (c, all) => {
      // The member's mark first: a member this file already welcomed (another run or job) gets no second mail.
      const fresh = await addMarks(c, "welcome", digest, all.map((x) => String(x.userId)));
      const part = all.filter((x) => fresh.has(String(x.userId)));
      if (part.length === 0) return;
      const names = new Map<number, string>();
      if (nameProp) {
        const rows = await c.db
          .select({ user: userValues.userId, value: sql<string>`${userValues.value} #>> '{}'` })
          .from(userValues)
          .where(and(eq(userValues.propertyId, nameProp.id), inArray(userValues.userId, part.map((x) => x.userId))));
        for (const r of rows) names.set(r.user, String(r.value));
      }
      await c.db.insert(outbox).values(
        part.map((x) => ({ channel: "mail", to: x.to, ...welcomeMail({ name: names.get(x.userId) ?? "", employees: x.employees, language: x.language, url: c.config.payment.publicUrl }), createdAt: c.now, nextAt: c.now })),
      );
      await logMembers(c, { action: "member.welcome", userIds: part.map((x) => x.userId), detail: `import: ${file.name}` });
      // Sent after the commit, a batch at a time; the delivery job sends the rest.
      c.afterCommit((committed) => deliverMessages(committed));
    },
  });
  return answer;
}
