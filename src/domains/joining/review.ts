// Reviewing applications to join (issue 32 item 3, decision 140), for staff
// with FUNCTION_USER_APPLICATIONS: the list, one application with its answers
// and its proof, approve (the member is made, registered in the default role,
// with the application's values, and told to activate) or reject with a
// reason (the applicant is told it). A decision is claimed by a conditional
// update, so two officers deciding at once decide once.
import { Type as t } from "@sinclair/typebox";
import { and, count, desc, eq } from "drizzle-orm";
import { APPLICATION_STATE, membershipApplications, properties, propertyOptions, roles, users } from "../../db/schema";
import type { CommandCtx, Download } from "../../http/kit";
import { LANGUAGE, PROPERTY_PURPOSE, USER_STATE } from "../../protocol/enumerations";
import { maskPhone } from "../../protocol/identity";
import { APPLICATION_PAGE_SIZE } from "../../protocol/limits";
import { page, refuse, refuseField } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { idField, isoOf, pageIndex } from "../shared/fields";
import { queueMessage } from "../shared/messages";
import { writeProfileValues } from "../shared/profile";
import { refuseDuplicates } from "./apply";

type Row = typeof membershipApplications.$inferSelect;

export const listInput = t.Object({ state: t.Optional(t.Union([t.Literal("pending"), t.Literal("approved"), t.Literal("rejected"), t.Null()])), index: pageIndex });

/** /join/list: applications, the newest first, those waiting by default. */
export async function listApplications({ ctx, input }: { ctx: MemberCtx; input: typeof listInput.static }) {
  const state = input.state === undefined ? APPLICATION_STATE.PENDING : input.state;
  const where = state ? eq(membershipApplications.state, state) : undefined;
  const [{ n }] = (await ctx.db.select({ n: count() }).from(membershipApplications).where(where)) as [{ n: number }];
  const p = page(input.index, Number(n), APPLICATION_PAGE_SIZE);
  const rows = await ctx.db.select().from(membershipApplications).where(where).orderBy(desc(membershipApplications.id)).limit(p.size).offset(p.offset);
  return {
    list: rows.map((r) => ({ id: r.id, name: r.name, employees: r.employees, phone: maskPhone(r.phone), mail: r.mail, state: r.state, submitted: r.createdAt.toISOString(), decided: isoOf(r.decidedAt) })),
    count: p.count,
    max: p.max,
    index: p.index,
  };
}

async function applicationOf(ctx: Pick<MemberCtx, "db">, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(membershipApplications).where(eq(membershipApplications.id, id));
  return row ?? refuse("ERROR_RESULT_NULL");
}

/** /join/detail: one application: who, the answers with their fields' titles and options' texts, the proof, the decision. */
export async function applicationDetail({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const a = await applicationOf(ctx, input.id);
  const ids = a.values.map((v) => v.propertyId);
  const [titles, options] = ids.length
    ? await Promise.all([
        ctx.db.select({ id: properties.id, titleZh: properties.titleZh, titleEn: properties.titleEn, sortIndex: properties.sortIndex }).from(properties),
        ctx.db.select({ id: propertyOptions.id, textZh: propertyOptions.textZh, textEn: propertyOptions.textEn }).from(propertyOptions),
      ])
    : [[], []];
  const title = new Map(titles.map((p) => [p.id, p]));
  const option = new Map(options.map((o) => [o.id, o]));
  return {
    id: a.id,
    name: a.name,
    employees: a.employees,
    phone: maskPhone(a.phone),
    mail: a.mail,
    state: a.state,
    reason: a.reason,
    submitted: a.createdAt.toISOString(),
    decided: isoOf(a.decidedAt),
    member: a.userId,
    values: a.values
      .filter((v) => title.has(v.propertyId))
      .sort((x, y) => title.get(x.propertyId)!.sortIndex - title.get(y.propertyId)!.sortIndex)
      .map((v) => ({
        property: { id: v.propertyId, titleZh: title.get(v.propertyId)!.titleZh, titleEn: title.get(v.propertyId)!.titleEn },
        value: v.value,
        option: v.optionId && option.has(v.optionId) ? { id: v.optionId, textZh: option.get(v.optionId)!.textZh, textEn: option.get(v.optionId)!.textEn } : null,
      })),
    proof: { type: a.proofType, name: a.proofName },
  };
}

/** /join/proof/get: the proof of employment, for the reviewing officer only. */
export async function proofOf({ ctx, input }: { ctx: MemberCtx; input: { id: string } }): Promise<Download> {
  const a = await applicationOf(ctx, Number(input.id));
  const bytes = await ctx.app.providers.storage.get(a.proofKey);
  if (!bytes) refuse("ERROR_RESULT_NULL");
  const extension = a.proofKey.split(".").pop();
  return { body: bytes, type: a.proofType, filename: `application-${a.id}-proof.${extension}` };
}

/** Claims the pending application for a decision, or ERROR_JOIN_DECIDED. */
async function claim(ctx: CommandCtx<MemberCtx>, id: number, set: Partial<Row>): Promise<Row> {
  await applicationOf(ctx, id);
  const [row] = await ctx.db
    .update(membershipApplications)
    .set({ ...set, decidedAt: ctx.now, decidedBy: ctx.actor.id })
    .where(and(eq(membershipApplications.id, id), eq(membershipApplications.state, APPLICATION_STATE.PENDING)))
    .returning();
  return row ?? refuse("ERROR_JOIN_DECIDED");
}

/** What the applicant is told, by SMS and by mail when they gave one, in the language they applied in. */
async function tell(ctx: CommandCtx<MemberCtx>, a: Row, words: { zh: string; en: string; subjectZh: string; subjectEn: string }) {
  const en = a.language === LANGUAGE.LANGUAGE_EN;
  const text = en ? words.en : words.zh;
  await queueMessage(ctx, { channel: "sms", to: a.phone, text });
  if (a.mail) await queueMessage(ctx, { channel: "mail", to: a.mail, subject: en ? words.subjectEn : words.subjectZh, text });
}

/** /join/approve: the member made from the application (registered, default role), its values written, and the applicant told to activate. */
export async function approveApplication({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }) {
  const a = await claim(ctx, input.id, { state: APPLICATION_STATE.APPROVED });
  // Since it was sent, a member may have come by these (a staff import): the same refusal as at submission.
  await refuseDuplicates(ctx, a, a.id);
  const [role] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.isDefault, true)).limit(1);
  if (!role) refuse("ERROR_RESULT_NULL", { field: "role" });
  const [member] = await ctx.db
    .insert(users)
    .values({ employees: a.employees, phone: a.phone, mail: a.mail, state: USER_STATE.USER_STATE_REGISTERED, roleId: role.id, nationalityId: a.nationalityId, language: a.language, createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: users.id });
  const id = member!.id;
  const purposes = await ctx.db.select({ id: properties.id, purpose: properties.purpose }).from(properties);
  const contact = (purpose: number, value: string | null) => purposes.filter((p) => p.purpose === purpose && value).map((p) => ({ propertyId: p.id, optionId: null, value: value! }));
  await writeProfileValues(ctx, {
    userId: id,
    operatorId: ctx.actor.id,
    values: [
      ...a.values,
      ...contact(PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES, a.employees),
      ...contact(PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE, a.phone),
      ...contact(PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL, a.mail),
    ],
  });
  await ctx.db.update(membershipApplications).set({ userId: id }).where(eq(membershipApplications.id, a.id));
  await tell(ctx, a, {
    subjectZh: "【工会】入会申请已通过",
    subjectEn: "[Union] Your application to join is approved",
    zh: `【工会】您的入会申请（编号 ${a.id}）已通过。请打开工会会员平台，在登录页点击“激活账号”，用本手机号 ${a.phone} 接收验证码完成激活。`,
    en: `[Union] Your application to join (no. ${a.id}) is approved. Open the union portal, press "Activate account" on the sign-in page and activate with this phone number, ${a.phone}.`,
  });
  return { id: a.id, member: id, audit: { entity: "application", id: a.id, userId: id, detail: `member ${id} made` } };
}

export const rejectInput = t.Object({ id: idField, reason: t.String({ maxLength: 500 }) });

/** /join/reject: the reason is required (1-200 characters) and told to the applicant. */
export async function rejectApplication({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof rejectInput.static }) {
  const reason = input.reason.trim();
  if (!reason || reason.length > 200) refuseField("reason");
  const a = await claim(ctx, input.id, { state: APPLICATION_STATE.REJECTED, reason });
  await tell(ctx, a, {
    subjectZh: "【工会】入会申请未通过",
    subjectEn: "[Union] Your application to join was not approved",
    zh: `【工会】您的入会申请（编号 ${a.id}）未通过，原因：${reason}。如有疑问请联系工会。`,
    en: `[Union] Your application to join (no. ${a.id}) was not approved. Reason: ${reason}. Please contact the union with any questions.`,
  });
  return { id: a.id, audit: { entity: "application", id: a.id, detail: reason } };
}
