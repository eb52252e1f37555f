// The member search's export (spec 3 section 7, Download /user/operation/export/list,
// FUNCTION_USER_EXPORT_LIST): the members the search's filters keep, as a real
// xlsx in the onboarding/update import's columns (employee number, every
// profile property, nationality, role; decision 112), then state and creation
// time, options by their text, in the staff member's language: edited and
// imported back, it changes only what was edited. Phones and
// ID numbers whole, as the order export has them (docs/decisions.md): the
// file is what staff call and re-import with, and only the power's signed
// download to the staff member who asked carries it. Built as a staff job
// (POST starts it, the page shows its progress) or at once (the GET).
import { Type as t } from "@sinclair/typebox";
import { and, desc, eq, inArray } from "drizzle-orm";
import { countries, roles, userValues, users } from "../../db/schema";
import type { CommandCtx, Download } from "../../http/kit";
import { PROPERTY_PURPOSE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import { typeById } from "../../protocol/types";
import type { MemberCtx } from "../context";
import { inLanguage } from "../shared/language";
import { chinaTimeText, writeWorkbook } from "../shared/sheets/workbook";
import { type BuiltFile, defineFileJob, fileDownload, jobFile } from "../staff-jobs/files";
import type { Report } from "../staff-jobs/kit";
import { startJob } from "../staff-jobs/kit";
import { jobKeyField } from "../staff-jobs/routes";
import { allProperties } from "../property/service";
import { updateColumns } from "./import-update";
import { type MemberSearchInput, memberSearchInput, searchWhere } from "./search";

/** Members read and written a chunk at a time: progress moves, and no query grows with the export. */
const CHUNK = 1_000;
/** Past this many members an export is refused (a narrower filter is asked for); the whole staff of a large company fits. */
export const MAX_EXPORT_ROWS = 200_000;
/** Held on the member's row, not among the profile's values. */
const FIXED: number[] = [PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES, PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE, PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL];

const filterText = t.Optional(t.String({ pattern: "^(-?[0-9]{1,7})?$", maxLength: 8 }));
/** The GET's query: the search's filters as text (empty: no filter), and a finished export job's key. */
export const exportListQuery = t.Object({ state: filterText, status: filterText, account: t.Optional(t.String({ maxLength: 100 })), job: t.Optional(jobKeyField) });
/** POST: the filters as the search takes them. */
export const exportListInput = t.Omit(memberSearchInput, ["index"]);
export type MemberFilter = Omit<MemberSearchInput, "index">;

const number = (text: string | undefined) => (text ? Number(text) : null);

/** The workbook of the members `filter` keeps, newest first as the search lists them. */
export async function memberListFile(ctx: MemberCtx, filter: MemberFilter, report: Report | null): Promise<BuiltFile> {
  const say = (zh: string, en: string) => inLanguage(ctx, zh, en);
  const where = await searchWhere(ctx, { ...filter, index: 1 });
  const members = await ctx.db
    .select({ id: users.id, employees: users.employees, phone: users.phone, mail: users.mail, state: users.state, createdAt: users.createdAt, role: { zh: roles.nameZh, en: roles.nameEn }, country: { zh: countries.nameZh, en: countries.nameEn } })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(countries, eq(countries.id, users.nationalityId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(MAX_EXPORT_ROWS + 1);
  if (members.length > MAX_EXPORT_ROWS) refuse("ERROR_PARAMS", { reason: "rows", max: MAX_EXPORT_ROWS });
  // The onboarding/update template's columns, in its order (decision 112): the file edited and imported
  // back changes only what was edited. State and creation time follow; the import reads past them.
  const { list } = await allProperties({ ctx });
  const columns = await updateColumns(ctx, list);
  const byKey = new Map(list.map((p) => [`p${p.id}`, p]));
  const optionText = new Map(list.flatMap((p) => p.options.map((o) => [`${p.id}:${o.value}`, say(o.textZh, o.textEn)] as const)));
  const textOf = (propertyId: number, value: string | string[] | undefined) =>
    value === undefined ? "" : (Array.isArray(value) ? value : [value]).map((v) => optionText.get(`${propertyId}:${v}`) ?? v).join(say("、", ", "));
  const stateName = (id: number) => {
    const type = typeById.get(id);
    return type ? say(type.nameZh, type.nameEn) : String(id);
  };
  const read = list.filter((p) => !FIXED.includes(p.purpose.id)).map((p) => p.id);

  const header = [...columns.map((c) => say(c.zh, c.en)), say("状态", "State"), say("创建时间", "Created")];
  const body: string[][] = [];
  for (let from = 0; from < members.length; from += CHUNK) {
    const chunk = members.slice(from, from + CHUNK);
    const values = read.length
      ? await ctx.db
          .select()
          .from(userValues)
          .where(and(inArray(userValues.userId, chunk.map((m) => m.id)), inArray(userValues.propertyId, read)))
      : [];
    const byMember = new Map<number, Map<number, string | string[]>>();
    for (const v of values) {
      let mine = byMember.get(v.userId);
      if (!mine) byMember.set(v.userId, (mine = new Map()));
      mine.set(v.propertyId, v.value);
    }
    for (const m of chunk) {
      const mine = byMember.get(m.id);
      const cell = (key: string) => {
        if (key === "employees") return m.employees ?? "";
        if (key === "nationality") return m.country ? say(m.country.zh, m.country.en) : "";
        if (key === "role") return say(m.role.zh, m.role.en);
        const p = byKey.get(key)!;
        if (p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE) return m.phone ?? "";
        if (p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL) return m.mail ?? "";
        return textOf(p.id, mine?.get(p.id));
      };
      body.push([...columns.map((c) => cell(c.key)), stateName(m.state), chinaTimeText(m.createdAt, true)]);
    }
    await report?.(body.length, members.length);
  }
  const bytes = writeWorkbook([{ name: say("会员", "Members"), rows: [header, ...body], widths: header.map((_, i) => (i === header.length - 1 ? 20 : 16)) }]);
  const day = chinaTimeText(ctx.now).slice(0, 10).replaceAll("-", "");
  return { bytes, name: `${say("会员查询结果", "members")}-${day}.xlsx`, rows: body.length };
}

export const exportListJob = defineFileJob<MemberFilter>("member.export.list", "FUNCTION_USER_EXPORT_LIST", (ctx, params, report) => memberListFile(ctx, params, report));

/** Download /user/operation/export/list: with `job`, that finished export's file; without, the file built now. */
export async function exportListDownload({ ctx, input }: { ctx: MemberCtx; input: typeof exportListQuery.static }): Promise<Download> {
  if (input.job) return jobFile(ctx, exportListJob, input.job);
  return fileDownload(await memberListFile(ctx, { state: number(input.state), status: number(input.status), account: input.account }, null));
}

/** POST /user/operation/export/list: starts the export as a job; the page polls it, then downloads its file. */
export async function startExportList({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof exportListInput.static }) {
  // The filters are checked now, so a wrong one is refused before a job exists.
  await searchWhere(ctx, { ...input, index: 1 });
  const filter: MemberFilter = { state: input.state ?? null, status: input.status ?? null, account: input.account ?? "" };
  const job = await startJob(ctx, { job: exportListJob, params: filter });
  return { job, audit: { entity: "job", id: job, detail: `member.export.list ${JSON.stringify(filter)}` } };
}
