// The dues configuration as staff edit it (spec 3 sections 2.4 and 5
// "Membership fee", FUNCTION_MEMBER_EDIT): /member/operation/find and
// /member/operation/update, and a member's fee records for the operator
// (/user/operation/memberlog). `price` is in fen on the wire, as /member/info
// and the order lists give it; the dialog shows and reads yuan with 2 decimals.
import { Type as t } from "@sinclair/typebox";
import { eq } from "drizzle-orm";
import { memberConfig, properties, propertyOptions, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { cleanText } from "../../protocol/identity";
import { refuse, refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { idField, pageIndex, timeField } from "../shared/fields";
import { billingYear } from "./billing-year";
import { configView, duesConfig } from "./dues";
import { duesPage } from "./service";

/** 1,000,000 yuan: far above any union's dues, far below an int column's end. */
const PRICE_MAX_FEN = 100_000_000;

// Loose numbers, so that the verb names the field with the spec's message.
const looseNumber = t.Union([t.Number(), t.String({ maxLength: 30 }), t.Null()]);
const ref = t.Union([t.Object({ id: idField }), t.Null()]);
export const configInput = t.Object({
  member: t.Object({
    month: looseNumber,
    date: looseNumber,
    price: looseNumber,
    // A condition left out is no condition ("empty values are dropped", spec 3 section 5).
    indexOnlyProperty: t.Optional(ref),
    indexOnlyValue: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
    cantSignProperty: t.Optional(ref),
    cantSignValue: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
    /** The config's billing year as read (spec 3 section 3); the server computes it from month and day, so it is ignored. */
    year: t.Optional(looseNumber),
  }),
});
type ConfigInput = (typeof configInput.static)["member"];

const numberOf = (v: number | string | null): number => (v === null || (typeof v === "string" && v.trim() === "") ? Number.NaN : Number(v));

function integerIn(v: number | string | null, min: number, max: number, field: string): number {
  const n = numberOf(v);
  if (!Number.isInteger(n) || n < min || n > max) refuseField(field);
  return n;
}

/** A condition: the property exists, and the value is given and, for a property with options, one of their values. */
async function condition(ctx: Pick<Ctx, "db">, property: { id: number } | null | undefined, rawValue: string | null | undefined, field: string) {
  if (!property) return { propertyId: null, value: null };
  const [row] = await ctx.db.select({ id: properties.id }).from(properties).where(eq(properties.id, property.id));
  if (!row) refuseField(`${field}Property`);
  const value = cleanText(rawValue ?? "");
  if (!value) refuseField(`${field}Value`);
  const options = await ctx.db.select({ value: propertyOptions.value }).from(propertyOptions).where(eq(propertyOptions.propertyId, property.id));
  if (options.length > 0 && !options.some((o) => o.value === value)) refuseField(`${field}Value`);
  return { propertyId: property.id, value };
}

export async function findConfig({ ctx }: { ctx: MemberCtx }) {
  return { config: configView(await duesConfig(ctx)) };
}

export async function updateConfig({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof configInput.static }) {
  const m: ConfigInput = input.member;
  const month = integerIn(m.month, 1, 12, "month");
  const day = integerIn(m.date, 1, 31, "date");
  const price = numberOf(m.price);
  if (!Number.isInteger(price) || price < 1 || price > PRICE_MAX_FEN) refuseField("price");
  const indexOnly = await condition(ctx, m.indexOnlyProperty, m.indexOnlyValue, "indexOnly");
  const cantSign = await condition(ctx, m.cantSignProperty, m.cantSignValue, "cantSign");
  const row = {
    price,
    month,
    day,
    year: billingYear({ month, day }, ctx.now),
    indexOnlyPropertyId: indexOnly.propertyId,
    indexOnlyValue: indexOnly.value,
    cantSignPropertyId: cantSign.propertyId,
    cantSignValue: cantSign.value,
    updatedAt: ctx.now,
  };
  await ctx.db.insert(memberConfig).values({ id: 1, ...row }).onConflictDoUpdate({ target: memberConfig.id, set: row });
  return { config: configView(row as typeof memberConfig.$inferSelect), audit: { entity: "member_config", id: 1, detail: `${month}-${day} ${price}` } };
}

export const memberLogInput = t.Object({
  user: idField,
  trade: t.Optional(t.String({ maxLength: 64 })),
  state: t.Optional(t.Union([t.Integer(), t.Null()])),
  start: timeField,
  end: timeField,
  index: pageIndex,
});

/** A member's fee records, for the member detail's button. */
export async function memberLog({ ctx, input }: { ctx: MemberCtx; input: typeof memberLogInput.static }) {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, input.user));
  if (!user) refuse("ERROR_RESULT_NULL");
  return duesPage(ctx, user.id, input);
}
