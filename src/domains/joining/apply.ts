// Applying to join online (入会申请; issue 32 item 3, decision 140), the
// applicant's side, all on a signed session without a member: prove a phone
// with a code (the spec's cool-downs and tries), which lets this session act
// for that phone for 30 minutes; send the proof of employment (PNG, JPEG or
// PDF, read from its bytes, 5 MB at most); submit the fields marked for
// applications; and read the application's state. Refused with the field
// named: a phone, employee number or e-mail a member already has
// (ERROR_JOIN_DUPLICATE), or an open application has (ERROR_JOIN_OPEN; the
// partial unique indexes hold it under races).
import { Type as t } from "@sinclair/typebox";
import { and, desc, eq, gt, or } from "drizzle-orm";
import { APPLICATION_STATE, files, membershipApplications, users, verificationCodes } from "../../db/schema";
import type { CommandCtx, UploadedFile } from "../../http/kit";
import { FILE_TYPES } from "../../http/uploads";
import { isLanguage, PROPERTY_PURPOSE } from "../../protocol/enumerations";
import { isRefused, refuse, refuseField } from "../../protocol/result";
import type { Ctx } from "../context";
import { employeesOf } from "../member-admin/save";
import { ACTIVATION_GRANT_MS, sendCode, useCode } from "../shared/codes";
import { codeField, isoOf, mailOf, phoneField, phoneOf } from "../shared/fields";
import { profileValues } from "../shared/profile";
import { allProperties } from "../property/service";
import { validateProfile } from "../property/validate";
import { countries } from "../../db/schema";

/** A proof of employment: 5 MB at most. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_KINDS = ["png", "jpeg", "pdf"] as const;

type Command = CommandCtx<Ctx>;

/** The fields an application asks: the name always, and every property marked for applications (never the three contacts, asked apart). */
async function applicationProperties(ctx: Ctx) {
  const { list } = await allProperties({ ctx });
  const contacts: number[] = [PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE, PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL, PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES];
  return list.filter((p) => !contacts.includes(p.purpose.id) && (p.isApplication || p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME));
}

/** /join/form: the properties the application form shows, with their options, and the proof's limits. */
export async function applicationForm({ ctx }: { ctx: Ctx }) {
  return { properties: await applicationProperties(ctx), proof: { maxBytes: PROOF_MAX_BYTES, types: PROOF_KINDS } };
}

/** /join/sms/send: a code to the phone, for applying or for reading an application's state; the spec's cool-down per phone. */
export async function sendJoinCode({ ctx, input }: { ctx: Command; input: { phone: string } }) {
  return sendCode(ctx, { purpose: "join", channel: "sms", target: phoneOf(input.phone), userId: null });
}

/** The phone this session proved in the last 30 minutes; else ERROR_PARAMS naming "phone", reason "unproven" (prove it first). */
async function provenPhone(ctx: Ctx, phone?: string): Promise<string> {
  const since = new Date(ctx.now.getTime() - ACTIVATION_GRANT_MS);
  const [row] = await ctx.db
    .select({ target: verificationCodes.target })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, "join"),
        eq(verificationCodes.sessionId, ctx.session.id),
        gt(verificationCodes.usedAt, since),
        phone === undefined ? undefined : eq(verificationCodes.target, phone),
      ),
    )
    .orderBy(desc(verificationCodes.usedAt))
    .limit(1);
  return row?.target ?? refuseField("phone", { reason: "unproven" });
}

/** The applicant's view of their latest application: its number and state, the reason of a rejection. */
async function latestOf(ctx: Ctx, phone: string) {
  const [row] = await ctx.db.select().from(membershipApplications).where(eq(membershipApplications.phone, phone)).orderBy(desc(membershipApplications.id)).limit(1);
  return row ? { id: row.id, state: row.state, reason: row.reason, submitted: row.createdAt.toISOString(), decided: isoOf(row.decidedAt) } : null;
}

export const verifyInput = t.Object({ phone: phoneField, code: codeField });

/** /join/verify: the code proves the phone for this session (a wrong try counted, as activation counts it); the phone's latest application, if any. */
export async function verifyPhone({ ctx, input }: { ctx: Command; input: typeof verifyInput.static }) {
  const phone = phoneOf(input.phone);
  const verdict = await useCode(ctx, { purpose: "join", channel: "sms", target: phone, code: input.code });
  if (isRefused(verdict)) return verdict;
  return { phone, application: await latestOf(ctx, phone) };
}

/** /join/status: the latest application of the phone this session proved. */
export async function applicationStatus({ ctx }: { ctx: Ctx; input: Record<string, never> }) {
  const phone = await provenPhone(ctx);
  return { phone, application: await latestOf(ctx, phone) };
}

/** Before /join/proof stores anything: only a session that proved a phone sends a file. */
export async function beforeProof(ctx: Ctx) {
  await provenPhone(ctx);
}

/** /join/proof: the proof of employment, kept; its key is what the application names. */
export async function receiveProof({ ctx, input }: { ctx: Command; input: { file: UploadedFile } }) {
  await provenPhone(ctx);
  const { key, kind, name, size } = input.file;
  const [row] = await ctx.db.insert(files).values({ key, type: FILE_TYPES[kind], name, size, userId: null, createdAt: ctx.now }).returning({ id: files.id });
  return { key, type: FILE_TYPES[kind], name, audit: { entity: "file", id: row!.id, detail: key } };
}

export const submitInput = t.Object({
  phone: phoneField,
  employees: t.String({ maxLength: 60 }),
  mail: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
  nationality: t.Integer(),
  values: profileValues,
  /** The key /join/proof answered. */
  proof: t.String({ pattern: "^[0-9a-f]{64}\\.(png|jpg|pdf)$", maxLength: 80 }),
  language: t.Optional(t.Integer()),
});
type SubmitInput = typeof submitInput.static;

/** Everything an application checks that only reads: the phone proven, the fields, the proof, no member or open application with the same contacts. */
export async function prepareSubmit({ ctx, input }: { ctx: Ctx; input: SubmitInput }) {
  const phone = await provenPhone(ctx, phoneOf(input.phone));
  const employees = employeesOf(input.employees) ?? refuseField("employees");
  const mail = input.mail?.trim() ? mailOf(input.mail) : null;
  const [country] = await ctx.db.select().from(countries).where(eq(countries.id, input.nationality));
  if (!country) refuseField("nationality");
  const properties = await applicationProperties(ctx);
  const checked = validateProfile({ properties, nationalityType: country.type, submitted: input.values });
  if (!checked.ok) refuse("ERROR_PARAMS", { property: checked.property });
  const name = checked.values.find((v) => properties.find((p) => p.id === v.propertyId)?.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME)?.value;
  if (typeof name !== "string" || !name.trim()) refuseField("name");
  const [proof] = await ctx.db.select({ type: files.type, name: files.name }).from(files).where(eq(files.key, input.proof));
  if (!proof || !(Object.values(FILE_TYPES) as string[]).includes(proof.type) || proof.type === FILE_TYPES.xlsx) refuseField("proof");
  await refuseDuplicates(ctx, { phone, employees, mail });
  return { phone, employees, mail, name: name.trim(), country: country.id, values: checked.values, proof: { key: input.proof, ...proof } };
}

/** A member with the same phone, employee number or e-mail: ERROR_JOIN_DUPLICATE; an open application with one: ERROR_JOIN_OPEN; each naming the field. */
export async function refuseDuplicates(ctx: Pick<Ctx, "db">, c: { phone: string; employees: string; mail: string | null }, exceptApplication?: number) {
  const [member] = await ctx.db
    .select({ phone: users.phone, employees: users.employees, mail: users.mail })
    .from(users)
    .where(or(eq(users.phone, c.phone), eq(users.employees, c.employees), c.mail ? eq(users.mail, c.mail) : undefined))
    .limit(1);
  if (member) refuse("ERROR_JOIN_DUPLICATE", { field: member.employees === c.employees ? "employees" : member.phone === c.phone ? "phone" : "mail" });
  if (exceptApplication !== undefined) return;
  const [open] = await ctx.db
    .select({ phone: membershipApplications.phone, employees: membershipApplications.employees })
    .from(membershipApplications)
    .where(
      and(
        eq(membershipApplications.state, APPLICATION_STATE.PENDING),
        or(eq(membershipApplications.phone, c.phone), eq(membershipApplications.employees, c.employees), c.mail ? eq(membershipApplications.mail, c.mail) : undefined),
      ),
    )
    .limit(1);
  if (open) refuse("ERROR_JOIN_OPEN", { field: open.phone === c.phone ? "phone" : open.employees === c.employees ? "employees" : "mail" });
}

/** /join/submit: the application written, pending; its number is the applicant's to quote. */
export async function submitApplication({ ctx, input, prepared }: { ctx: Command; input: SubmitInput; prepared: Awaited<ReturnType<typeof prepareSubmit>> }) {
  const p = prepared;
  const [row] = await ctx.db
    .insert(membershipApplications)
    .values({
      phone: p.phone,
      employees: p.employees,
      mail: p.mail,
      name: p.name,
      nationalityId: p.country,
      values: p.values,
      proofKey: p.proof.key,
      proofType: p.proof.type,
      proofName: p.proof.name,
      language: input.language !== undefined && isLanguage(input.language) ? input.language : null,
      state: APPLICATION_STATE.PENDING,
      createdAt: ctx.now,
    })
    .returning({ id: membershipApplications.id });
  return { id: row!.id, state: APPLICATION_STATE.PENDING, audit: { entity: "application", id: row!.id, detail: `application ${row!.id}` } };
}

/** The partial unique indexes a racing second application breaks: the same refusal as the read's. */
export const applicationConflicts = {
  applications_open_phone_idx: "ERROR_JOIN_OPEN",
  applications_open_employees_idx: "ERROR_JOIN_OPEN",
  applications_open_mail_idx: "ERROR_JOIN_OPEN",
} as const;
