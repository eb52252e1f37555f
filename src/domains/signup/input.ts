// What a member submits to sign up: the one schema, and its type derived from it.
import { Type as t } from "@sinclair/typebox";
import { idField } from "../shared/fields";
import { profileValues } from "../shared/profile";

const answerValue = t.Union([t.String({ maxLength: 2000 }), t.Array(t.String({ maxLength: 200 }), { maxItems: 100 })]);

export const signInput = t.Object({
  activity: idField,
  properties: t.Optional(profileValues),
  quests: t.Optional(t.Array(t.Object({ id: idField, value: answerValue }), { maxItems: 200 })),
  clans: t.Optional(t.Array(t.Object({ id: idField, gift: t.Optional(t.Union([idField, t.Null()])) }), { maxItems: 15 })),
  address: t.Optional(t.Union([idField, t.Null()])),
  integral: t.Optional(t.Union([t.Literal(0), t.Literal(1)])),
  time: t.Optional(t.Integer({ minimum: 0, maximum: 86_400 })),
  draw: t.Optional(t.Union([idField, t.Null()])),
  /** The waiting-list offer whose held place this sign-up takes (issue 20). */
  offer: t.Optional(t.Union([idField, t.Null()])),
});
export type SignInput = typeof signInput.static;

/** One activity's part of a sign-up: the address and the points are the order's (a checkout has one of each). */
export type DraftInput = Omit<SignInput, "address" | "integral">;
