// Bulk SMS to the members of a member search (issue 29 item 5, decision 121):
// besides the phone-number sheet, an officer sends to the
// members the member page's search finds. The client sends the search's
// filters, never a list of ids: the server runs the search itself, with the
// officer's powers (it needs the search's power as well as the SMS one), and
// the officer confirms the count it answers before sending. Members who left,
// or have no phone number, are skipped and counted.
import { Type as t } from "@sinclair/typebox";
import { smsNumbers, smsTasks, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { USER_STATE } from "../../protocol/enumerations";
import { SMS_MAX_NUMBERS } from "../../protocol/limits";
import { refuse, refuseField } from "../../protocol/result";
import { can, type Ctx, type MemberCtx } from "../context";
import { memberSearchInput, searchWhere } from "../member-admin/search";
import { checkedSendFields, INSERT_CHUNK, PHONE } from "./tasks";

/** The member search's filters, as /user/operation/list takes them (its page index is ignored). */
export const smsSearchInput = t.Omit(memberSearchInput, ["index"]);
export const smsSearchSendInput = t.Composite([
  smsSearchInput,
  t.Object({
    sign: t.Optional(t.String({ maxLength: 40 })),
    title: t.Optional(t.String({ maxLength: 200 })),
    code: t.Optional(t.String({ maxLength: 40 })),
    /** The count the officer confirmed: a search that finds another number now is refused with the new count. */
    expect: t.Integer({ minimum: 0, maximum: SMS_MAX_NUMBERS }),
  }),
]);

type Recipients = { phones: string[]; matched: number; left: number; noPhone: number };

async function recipientsOf(ctx: Ctx & MemberCtx, input: typeof smsSearchInput.static): Promise<Recipients> {
  // The SMS power lets the call in (routes.ts); the members it reaches are the search's, so its power too.
  if (!can(ctx, "FUNCTION_USER_OPERATION_FIND")) refuse("ERROR_NOT_POWER");
  const where = await searchWhere(ctx, { ...input, index: 1 });
  const rows = await ctx.db.select({ phone: users.phone, state: users.state }).from(users).where(where);
  const phones: string[] = [];
  let left = 0;
  let noPhone = 0;
  for (const row of rows) {
    if (row.state === USER_STATE.USER_STATE_LEFT) left++;
    else if (!row.phone || !PHONE.test(row.phone)) noPhone++;
    else phones.push(row.phone);
  }
  return { phones, matched: rows.length, left, noPhone };
}

/** POST /user/operation/sms/search/count {state?, status?, account?} → count, matched, left, noPhone: what a send would do. */
export async function countSmsSearch({ ctx, input }: { ctx: Ctx & MemberCtx; input: typeof smsSearchInput.static }) {
  const { phones, ...rest } = await recipientsOf(ctx, input);
  return { count: phones.length, ...rest, max: SMS_MAX_NUMBERS };
}

/**
 * POST /user/operation/sms/search/send {state?, status?, account?, sign, title, code, expect} → id, count,
 * left, noPhone: a task to the search's members, made in one transaction like a sheet's. Refused (field
 * "expect", with the new count) when the search finds another number of recipients than was confirmed.
 */
export async function sendSmsToSearch({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof smsSearchSendInput.static }) {
  const { sign, title, code } = checkedSendFields(input);
  const { state, status, account } = input;
  const filters = { state, status, account };
  const { phones, left, noPhone } = await recipientsOf(ctx, filters);
  if (phones.length === 0) refuseField("search", { reason: "empty", left, noPhone });
  if (phones.length > SMS_MAX_NUMBERS) refuseField("search", { reason: "many", max: SMS_MAX_NUMBERS, count: phones.length });
  if (phones.length !== input.expect) refuseField("expect", { reason: "changed", count: phones.length, left, noPhone });
  const searched = `member search ${JSON.stringify(filters)}`;
  const [task] = await ctx.db
    .insert(smsTasks)
    .values({ title, sign, code, fileName: searched, fileKey: null, count: phones.length, createdBy: ctx.actor.id, createdAt: ctx.now })
    .returning({ id: smsTasks.id });
  for (let i = 0; i < phones.length; i += INSERT_CHUNK) {
    await ctx.db.insert(smsNumbers).values(phones.slice(i, i + INSERT_CHUNK).map((phone) => ({ taskId: task!.id, phone, nextAt: ctx.now })));
  }
  const detail = JSON.stringify({ title, sign, code, count: phones.length, search: filters, left, noPhone });
  return { id: task!.id, count: phones.length, left, noPhone, audit: { entity: "sms_task", id: task!.id, detail } };
}
