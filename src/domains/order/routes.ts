import { Type as t } from "@sinclair/typebox";
import { command, domain, download, query } from "../../http/kit";
import { profileValues } from "../shared/profile";
import { idField, pageIndex } from "../shared/fields";
import { cancelOwnOrder, changeAddress, checkOrder, familyChecked, listOrders, orderExpress, payAgain, ticketChecked, ticketQr } from "./member-orders";
import { activityQueue, prepareSign, signUp, withPayLink } from "./sign";

const tradeField = t.String({ pattern: "^[A-Za-z0-9-]{1,64}$", maxLength: 64 });
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
});

export const orderDomain = domain("order", [
  command(
    "/order/sign",
    {
      access: "user",
      input: signInput,
      prepare: prepareSign,
      queue: ({ input }) => activityQueue(input.activity),
      audit: "order.sign",
      // A second press of the same member, or the same family member twice, meets a unique index.
      conflicts: { order_items_member_seat_idx: "ERROR_SIGN_FINISH", order_items_team_seat_idx: "ERROR_SIGN_FINISH", order_families_identity_idx: "ERROR_SIGN_FAMILY" },
      then: withPayLink,
    },
    signUp,
  ),
  query("/order/list", { access: "user", input: t.Object({ state: t.Optional(t.Union([t.Integer(), t.Null()])), index: pageIndex }) }, listOrders),
  command("/order/cancel", { access: "user", input: t.Object({ id: idField }), audit: "order.cancel" }, cancelOwnOrder),
  command("/order/pay", { access: "user", input: t.Object({ id: idField }), then: withPayLink }, payAgain),
  query("/order/check", { access: "user", input: t.Object({ trade: tradeField }) }, checkOrder),
  query("/order/checked", { access: "user", input: t.Object({ id: idField }) }, ticketChecked),
  query("/order/express", { access: "user", input: t.Object({ id: idField }) }, orderExpress),
  command("/order/update/address", { access: "user", input: t.Object({ address: idField, order: idField }), audit: "order.address" }, changeAddress),
  query("/order/family/check", { access: "user", input: t.Object({ activity: idField, identity: t.String({ minLength: 1, maxLength: 100 }) }) }, familyChecked),
  download("/order/qr", { access: "user", input: t.Object({ trade: tradeField }) }, ticketQr),
]);
