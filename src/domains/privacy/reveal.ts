// Less exposure to staff (issue 31 item 4): phones and identity numbers reach
// staff masked (member detail, a member's family, an order's family members);
// the whole value is one click away, and that click is this command, which
// writes an operation-log row (who, whose, which field, when) in the same
// transaction as it reads the value: no value leaves unmasked without its row.
// Each field is revealed under the power of the window that shows it.
import { Type as t } from "@sinclair/typebox";
import { and, eq } from "drizzle-orm";
import { families, orderFamilies, orderItems, orders, properties, userValues, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import type { PowerCode } from "../../protocol/powers";
import { refuse, refuseField } from "../../protocol/result";
import { placeOf } from "../address/service";
import { can, type MemberCtx } from "../context";
import { idField } from "../shared/fields";

/** What can be revealed, and under which power (the one of the window that shows it masked). */
const FIELDS = {
  phone: "FUNCTION_USER_OPERATION_INFO",
  property: "FUNCTION_USER_OPERATION_INFO",
  "contact.phone": "FUNCTION_USER_OPERATION_INFO",
  "family.identity": "FUNCTION_USER_FIND_FAMILY",
  "family.phone": "FUNCTION_USER_FIND_FAMILY",
  "order-family.identity": "FUNCTION_ACTIVITY_ORDER",
  "order-family.phone": "FUNCTION_ACTIVITY_ORDER",
  "order-member.phone": "FUNCTION_ACTIVITY_ORDER",
  "order-delivery.phone": "FUNCTION_ACTIVITY_ORDER",
} as const satisfies Record<string, PowerCode>;
type Field = keyof typeof FIELDS;

export const REVEAL_POWERS = [...new Set(Object.values(FIELDS))];

export const revealInput = t.Object({
  user: idField,
  field: t.Union(Object.keys(FIELDS).map((f) => t.Literal(f as Field))),
  /** The property, family member, order's family member or order (its sub-order's id) the field belongs to; not for "phone" nor "contact.phone". */
  id: t.Optional(idField),
});

async function valueOf(ctx: MemberCtx, user: number, field: Field, id: number | undefined): Promise<{ value: string | null; what: string }> {
  if (field === "phone") {
    const [row] = await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.id, user));
    if (!row) refuse("ERROR_RESULT_NULL", { field: "user" });
    return { value: row.phone, what: "phone" };
  }
  if (field === "contact.phone") {
    // The family contact is the home address's contact (docs/decisions.md).
    const home = await placeOf(ctx, user);
    if (!home) refuse("ERROR_RESULT_NULL", { field: "user" });
    return { value: home.phone, what: "contact phone" };
  }
  if (id === undefined) refuseField("id");
  if (field === "order-member.phone" || field === "order-delivery.phone") {
    // The order window's own numbers: the member's phone and the delivery phone, of an order of this member.
    const [row] = await ctx.db
      .select({ memberPhone: users.phone, phone: orders.phone })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(users, eq(users.id, orderItems.userId))
      .where(and(eq(orderItems.id, id), eq(orderItems.userId, user)));
    if (!row) refuse("ERROR_RESULT_NULL", { field: "id" });
    return field === "order-delivery.phone" ? { value: row.phone, what: `order ${id} phone` } : { value: row.memberPhone, what: `order ${id} member phone` };
  }
  if (field === "property") {
    const [row] = await ctx.db
      .select({ value: userValues.value, titleEn: properties.titleEn })
      .from(userValues)
      .innerJoin(properties, eq(properties.id, userValues.propertyId))
      .where(and(eq(userValues.userId, user), eq(userValues.propertyId, id)));
    if (!row) refuse("ERROR_RESULT_NULL", { field: "id" });
    return { value: typeof row.value === "string" ? row.value : JSON.stringify(row.value), what: `property ${id} ${row.titleEn}` };
  }
  if (field === "family.identity" || field === "family.phone") {
    const [row] = await ctx.db.select().from(families).where(and(eq(families.id, id), eq(families.userId, user)));
    if (!row) refuse("ERROR_RESULT_NULL", { field: "id" });
    return field === "family.identity" ? { value: row.identity, what: `family ${id} identity` } : { value: row.phone, what: `family ${id} phone` };
  }
  const [row] = await ctx.db
    .select({ identity: orderFamilies.identity, phone: orderFamilies.phone })
    .from(orderFamilies)
    .innerJoin(orderItems, eq(orderItems.id, orderFamilies.itemId))
    .where(and(eq(orderFamilies.id, id), eq(orderItems.userId, user)));
  if (!row) refuse("ERROR_RESULT_NULL", { field: "id" });
  return field === "order-family.identity" ? { value: row.identity, what: `order family ${id} identity` } : { value: row.phone, what: `order family ${id} phone` };
}

/** POST /user/operation/reveal: the whole value of a masked field, audited. */
export async function reveal({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof revealInput.static }) {
  if (!can(ctx, FIELDS[input.field])) refuse("ERROR_NOT_POWER", { field: "field" });
  const { value, what } = await valueOf(ctx, input.user, input.field, input.id);
  return { value, audit: { entity: "user", id: input.user, userId: input.user, detail: what } };
}
