// Upload /user/operation/import/update (FUNCTION_USER_IMPORT_UPDATE): the
// year's new staff and changes to members, one row per member keyed by the
// employee number. A row passes the staff member form's checks (the account
// area's one validator with staff rights, the contacts' formats and
// uniqueness, nationality and role) against what is stored, read for the
// whole file in a few set-based statements; a known member whose row changes
// nothing is "unchanged". Only when no row is refused are members created
// (state register, as the form creates them) and updated, in multi-row
// statements, each changed value in property_log with its old and new value,
// and each member in the operation log as the form's save would be.
import { inArray, sql } from "drizzle-orm";
import { countries, propertyLog, roles, userValues, users } from "../../db/schema";
import { COUNTRY_TYPE, PROPERTY_PURPOSE, PROPERTY_TYPE, USER_STATE } from "../../protocol/enumerations";
import { isMail, isPhone } from "../../protocol/identity";
import type { MemberCtx } from "../context";
import { allProperties, type PropertyView } from "../property/service";
import { type CleanValue, judgeProfile, type SubmittedValue } from "../property/validate";
import { chunksOf, type ImportColumn, type Judged, recordsOf, refusedFor, squash } from "../shared/sheets/imports";
import type { JobTask } from "../staff-jobs/kit";
import { isAbove, roleRefusal, rolePowersOf } from "./roles";
import { completeImport, employeesColumn, fileOf, logMembers, membersByEmployees, needPower, propertyReason, type Report, type StoredMember, valuesOf } from "./import-kit";

const EMPLOYEES = /^[A-Za-z0-9_-]{1,50}$/;
const CONTACT_PURPOSES = new Set<number>([PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES, PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE, PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL]);
const CHOICE = new Set<number>([PROPERTY_TYPE.PROPERTY_TYPE_SELECT, PROPERTY_TYPE.PROPERTY_TYPE_RADIO]);
/** Several choices in one cell: 、 , ; (either width). */
const LIST_SEPARATOR = /[,，、;；]/;

type Stored = { optionId: number | null; value: string | string[] };
type ValueChange = { propertyId: number; optionId: number | null; value: string | string[]; old: Stored | undefined };
type MemberChange = {
  userId: number | null;
  employees: string;
  phone: string | null;
  mail: string | null;
  roleId: number;
  nationalityId: number;
  values: ValueChange[];
};

/** The columns: the employee number (required), every other property by its title, nationality and role. */
export async function updateColumns(ctx: MemberCtx, list: PropertyView[]): Promise<ImportColumn<string>[]> {
  return [
    await employeesColumn(ctx),
    ...list.filter((p) => p.purpose.id !== PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES).map((p) => ({ key: `p${p.id}`, zh: p.titleZh, en: p.titleEn, required: false })),
    { key: "nationality", zh: "国籍", en: "Nationality", required: false },
    { key: "role", zh: "用户角色", en: "Role", required: false, aliases: ["角色"] },
  ];
}

/** A date cell as the validator reads it: a typed date comes as an ISO instant, a typed text as 2026/5/20 or 2026-05-20. */
function dateText(cell: string, withTime: boolean): string {
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(cell) ? new Date(cell) : null;
  if (iso && !Number.isNaN(iso.getTime())) {
    // A spreadsheet date is a day: rounded to the nearest, whatever zone the sheet was written in.
    const day = withTime ? iso : new Date(Math.round(iso.getTime() / 86_400_000) * 86_400_000);
    const text = day.toISOString();
    return withTime ? `${text.slice(0, 10)} ${text.slice(11, 16)}` : text.slice(0, 10);
  }
  const m = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})(.*)$/.exec(cell);
  return m ? `${m[1]}-${m[2]!.padStart(2, "0")}-${m[3]!.padStart(2, "0")}${m[4]}` : cell;
}

/** The option a cell names (by its Chinese or English text or its value), preferring one under the parent's chosen option. */
function optionOf(p: PropertyView, cell: string, parentOption: number | null | undefined) {
  const want = squash(cell);
  const hits = p.options.filter((o) => [o.textZh, o.textEn, o.value].some((x) => squash(x) === want));
  return hits.find((o) => (o.parent?.id ?? null) === (parentOption ?? null)) ?? hits[0] ?? null;
}

const sameValue = (a: Stored | undefined, v: CleanValue) => JSON.stringify(a?.value ?? "") === JSON.stringify(v.value) && (a?.optionId ?? null) === v.optionId;
const isEmpty = (v: string | string[]) => v === "" || (Array.isArray(v) && v.length === 0);

/** Upload /user/operation/import/update, as a job: answers `create` and `update` (members created and updated) beside the kit's answer. */
export async function importMembers(ctx: MemberCtx, job: JobTask, report: Report) {
  needPower(ctx, "update");
  const file = fileOf(job);
  const { list } = await allProperties({ ctx });
  const { header, records } = recordsOf(file.bytes, await updateColumns(ctx, list));
  const [countryRows, roleRows, powersOf] = await Promise.all([ctx.db.select().from(countries), ctx.db.select().from(roles), rolePowersOf(ctx)]);
  const byName = <R>(rows: R[], names: (r: R) => string[]) => {
    const m = new Map<string, R>();
    for (const r of rows) for (const n of names(r)) m.set(squash(n), r);
    return m;
  };
  const countryByName = byName(countryRows, (c) => [c.nameZh, c.nameEn]);
  const roleByName = byName(roleRows, (r) => [r.nameZh, r.nameEn, r.code]);
  const purposeOf = (purpose: number) => list.find((p) => p.purpose.id === purpose);
  const phoneProp = purposeOf(PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE);
  const mailProp = purposeOf(PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL);
  const contactProps = list.filter((p) => CONTACT_PURPOSES.has(p.purpose.id));
  const ordered = [...list].sort((a, b) => a.index - b.index || a.id - b.id);

  // Everything stored that a row is judged against, read for the whole file at once.
  const cellOf = (values: Record<string, string>, p: PropertyView | undefined) => (p ? (values[`p${p.id}`] ?? "").trim() : "");
  const members = await membersByEmployees(ctx, records.map((r) => r.values.employees!.trim()));
  const stored = await valuesOf(ctx, [...members.values()].map((m) => m.id));
  const phones = records.map((r) => cellOf(r.values, phoneProp)).filter(isPhone);
  const mails = records.map((r) => cellOf(r.values, mailProp).toLowerCase()).filter(isMail);
  const holders = new Map<string, number>();
  for (const [column, keys] of [[users.phone, phones], [users.mail, mails]] as const) {
    for (const part of chunksOf([...new Set(keys)])) {
      const rows = await ctx.db.select({ id: users.id, phone: users.phone, mail: users.mail }).from(users).where(inArray(column, part));
      for (const r of rows) holders.set(column === users.phone ? `p:${r.phone}` : `m:${r.mail}`, r.id);
    }
  }

  // A row's faults are named in the order of the template's columns.
  const columnAt = new Map(ordered.map((p, i) => [p.id, i + 1]));
  const faultRank = (reason: string) => {
    const [field, id] = reason.split(".");
    if (field === "property") return columnAt.get(Number(id)) ?? 0;
    if (field === "phone" || field === "mail") return columnAt.get((field === "phone" ? phoneProp : mailProp)?.id ?? 0) ?? 0;
    return { nationality: ordered.length + 1, role: ordered.length + 2 }[field!] ?? (field === "employees" ? 0 : ordered.length + 3);
  };
  const seenEmployees = new Map<string, string>();
  const seenContacts = new Set<string>();
  const judged: Judged<MemberChange>[] = records.map(({ line, cells, values }) => {
    // Every fault of the row is named, not only the first (decision 111): a check that needs an earlier
    // cell (the role's rules need the role, uniqueness a well-formed contact) runs only when that cell is sound.
    const faults: string[] = [];
    const fault = (reason: string) => faults.includes(reason) || faults.push(reason);
    const employees = values.employees!.trim();
    if (!employees) fault("employees.empty");
    else if (!EMPLOYEES.test(employees)) fault("employees.format");
    else {
      const fingerprint = JSON.stringify(values);
      const earlier = seenEmployees.get(employees);
      if (earlier !== undefined) return earlier === fingerprint ? { line, cells, verdict: "same", reason: "file.repeat" } : refusedFor(line, cells, ["file.conflict"]);
      seenEmployees.set(employees, fingerprint);
    }
    const member: StoredMember | undefined = faults.length ? undefined : members.get(employees);
    const had = member ? (stored.get(member.id) ?? new Map<number, Stored>()) : new Map<number, Stored>();

    const countryCell = values.nationality!.trim();
    const country = countryCell ? countryByName.get(squash(countryCell)) : member?.nationalityId ? countryRows.find((c) => c.id === member.nationalityId) : countryRows.length === 1 ? countryRows[0] : undefined;
    if (!country) fault(countryCell ? "nationality.unknown" : "nationality.empty");
    const roleCell = values.role!.trim();
    const role = roleCell ? roleByName.get(squash(roleCell)) : member ? roleRows.find((r) => r.id === member.roleId) : undefined;
    if (!role) fault(roleCell ? "role.unknown" : "role.empty");
    // Decision 103: the form's rules on roles, row by row.
    const roleReason = role ? roleRefusal(ctx.actor, powersOf, member ?? null, role.id) : null;
    if (roleReason) fault(roleReason);

    // The contacts: an empty cell keeps what is stored.
    const phoneCell = cellOf(values, phoneProp);
    const mailCell = cellOf(values, mailProp).toLowerCase();
    const phoneBad = !!phoneCell && !isPhone(phoneCell);
    const mailBad = !!mailCell && (mailCell.length > 200 || !isMail(mailCell));
    if (phoneBad) fault("phone.format");
    if (mailBad) fault("mail.format");
    const phone = phoneCell || member?.phone || null;
    const mail = mailCell || member?.mail || null;
    if (!phoneBad && !mailBad) {
      if (member && isAbove(ctx.actor, powersOf, member) && (phone !== member.phone || mail !== member.mail)) fault("contact.holder");
      for (const key of [phone && `p:${phone}`, mail && `m:${mail}`]) {
        if (!key) continue;
        const holder = holders.get(key);
        if (holder !== undefined && holder !== member?.id) fault("contact.taken");
        else if (seenContacts.has(key)) fault("file.contactRepeat");
      }
      if (phone) seenContacts.add(`p:${phone}`);
      if (mail) seenContacts.add(`m:${mail}`);
    }

    // The profile: what is stored, with the file's non-empty cells over it, through the one validator with staff rights.
    const submitted = new Map<number, SubmittedValue>();
    for (const [propertyId, v] of had) submitted.set(propertyId, { property: { id: propertyId }, option: v.optionId ? { id: v.optionId } : null, value: v.value });
    for (const p of ordered) {
      if (CONTACT_PURPOSES.has(p.purpose.id)) continue;
      const cell = cellOf(values, p);
      if (!cell) continue;
      const type = p.type.id;
      if (CHOICE.has(type)) {
        const parentOption = p.parent ? submitted.get(p.parent.id)?.option?.id : null;
        const option = optionOf(p, cell, parentOption);
        if (!option) fault(propertyReason(p.id));
        else submitted.set(p.id, { property: { id: p.id }, option: { id: option.id }, value: option.value });
      } else if (type === PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX) {
        const picked = cell.split(LIST_SEPARATOR).map((x) => x.trim()).filter((x) => x);
        const chosen = picked.map((x) => optionOf(p, x, undefined)?.value);
        if (chosen.some((x) => x === undefined)) fault(propertyReason(p.id));
        else submitted.set(p.id, { property: { id: p.id }, value: chosen as string[] });
      } else {
        const text = type === PROPERTY_TYPE.PROPERTY_TYPE_DATE || type === PROPERTY_TYPE.PROPERTY_TYPE_DATETIME ? dateText(cell, type === PROPERTY_TYPE.PROPERTY_TYPE_DATETIME) : cell;
        submitted.set(p.id, { property: { id: p.id }, value: text });
      }
    }
    // Without a known nationality the profile is still checked, as a Chinese member's (the nationality's own fault is named above).
    const result = judgeProfile({ properties: list, nationalityType: country?.type ?? COUNTRY_TYPE.COUNTRY_TYPE_CHINESE, submitted: [...submitted.values()], current: [] });
    // A known member's required field that is empty in the file and was never filled (a member not yet
    // activated fills it then) is no fault: their exported row imports back unchanged (decision 112).
    const byId = new Map(list.map((p) => [p.id, p]));
    const unfilled = (id: number) => !!member && !had.has(id) && !cellOf(values, byId.get(id));
    for (const id of result.failed) if (!unfilled(id)) fault(propertyReason(id));
    if (faults.length || !country || !role) return refusedFor(line, cells, faults.sort((a, b) => faultRank(a) - faultRank(b)));
    const contactValue = (p: PropertyView) => (p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES ? employees : p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE ? phone : mail) ?? "";
    const clean: CleanValue[] = [...result.values, ...contactProps.map((p) => ({ propertyId: p.id, optionId: null, value: contactValue(p) }))];
    const changed: ValueChange[] = clean.filter((v) => !sameValue(had.get(v.propertyId), v) && !(!had.has(v.propertyId) && isEmpty(v.value))).map((v) => ({ ...v, old: had.get(v.propertyId) }));
    const change: MemberChange = { userId: member?.id ?? null, employees, phone, mail, roleId: role.id, nationalityId: country.id, values: changed };
    if (member && changed.length === 0 && member.phone === phone && member.mail === mail && member.roleId === role.id && member.nationalityId === country.id) {
      return { line, cells, verdict: "same", reason: "member.same" };
    }
    return { line, cells, verdict: "apply", reason: null, change };
  });
  const { answer, outcomes } = await completeImport(ctx, {
    kind: "update",
    job,
    file,
    header,
    judged,
    report,
    outcomeOf: (x) => (x.userId === null ? "create" : "update"),
    write: async (c, changes) => {
      const detail = `import: ${file.name}`;
      const fresh = changes.filter((x) => x.userId === null);
      const known = changes.filter((x) => x.userId !== null);
      if (fresh.length) {
        const rows = await c.db
          .insert(users)
          .values(fresh.map((x) => ({ employees: x.employees, phone: x.phone, mail: x.mail, state: USER_STATE.USER_STATE_REGISTERED, roleId: x.roleId, nationalityId: x.nationalityId, createdAt: c.now, updatedAt: c.now })))
          .returning({ id: users.id, employees: users.employees });
        const ids = new Map(rows.map((r) => [r.employees!, r.id]));
        for (const x of fresh) x.userId = ids.get(x.employees)!;
      }
      if (known.length) {
        const rows = sql.join(known.map((x) => sql`(${x.userId}::int, ${x.phone}::text, ${x.mail}::text, ${x.roleId}::int, ${x.nationalityId}::int)`), sql`, `);
        await c.db.execute(sql`
          update ${users} set phone = v.phone, mail = v.mail, role_id = v.role_id, nationality_id = v.nationality_id, updated_at = ${c.now.toISOString()}::timestamptz
          from (values ${rows}) as v(id, phone, mail, role_id, nationality_id)
          where ${users.id} = v.id`);
      }
      const operations = new Map([
        ...(await logMembers(c, { action: "member.create", userIds: fresh.map((x) => x.userId!), detail })),
        ...(await logMembers(c, { action: "member.update", userIds: known.map((x) => x.userId!), detail })),
      ]);
      const all = changes.flatMap((x) => x.values.map((v) => ({ ...v, userId: x.userId! })));
      for (const part of chunksOf(all.filter((v) => !isEmpty(v.value)))) {
        await c.db
          .insert(userValues)
          .values(part.map((v) => ({ userId: v.userId, propertyId: v.propertyId, optionId: v.optionId, value: v.value })))
          .onConflictDoUpdate({ target: [userValues.userId, userValues.propertyId], set: { optionId: sql`excluded.option_id`, value: sql`excluded.value` } });
      }
      for (const part of chunksOf(all.filter((v) => isEmpty(v.value)))) {
        await c.db.delete(userValues).where(sql`(${userValues.userId}, ${userValues.propertyId}) in (${sql.join(part.map((v) => sql`(${v.userId}::int, ${v.propertyId}::int)`), sql`, `)})`);
      }
      const text = (v: string | string[] | undefined) => (v === undefined ? null : Array.isArray(v) ? JSON.stringify(v) : v);
      for (const part of chunksOf(all)) {
        await c.db.insert(propertyLog).values(
          part.map((v) => ({
            userId: v.userId,
            propertyId: v.propertyId,
            originValue: text(v.old?.value),
            newValue: text(v.value),
            operationLogId: operations.get(v.userId) ?? null,
            operatorId: c.actor.id,
            createdAt: c.now,
          })),
        );
      }
    },
  });
  // What the whole job did, an earlier run's rows included.
  return { ...answer, create: outcomes.get("create") ?? 0, update: outcomes.get("update") ?? 0 };
}
