import { Type as t } from "@sinclair/typebox";
import { command, domain, download, query } from "../../http/kit";
import { idField, pageIndex } from "../shared/fields";
import { cancelOwnOrder, changeAddress, checkOrder, familyChecked, listOrders, orderExpress, payAgain, ticketChecked, ticketQr } from "./member-orders";
import { ticketPdf } from "./ticket-pdf";
import { documentLanguageField } from "../shared/documents";
import { signUp, signUpCommand, withPayLink } from "../signup";

const tradeField = t.String({ pattern: "^[A-Za-z0-9-]{1,64}$", maxLength: 64 });
export const orderDomain = domain("order", [
  // Sign-up reads as one pipeline in its own domain: src/domains/signup/sign-up.ts.
  command("/order/sign", { access: "user", ...signUpCommand }, signUp),
  query("/order/list", { access: "user", input: t.Object({ state: t.Optional(t.Union([t.Integer(), t.Null()])), index: pageIndex }) }, listOrders),
  command("/order/cancel", { access: "user", input: t.Object({ id: idField }), audit: "order.cancel" }, cancelOwnOrder),
  command("/order/pay", { access: "user", input: t.Object({ id: idField }), then: withPayLink }, payAgain),
  query("/order/check", { access: "user", input: t.Object({ trade: tradeField }) }, checkOrder),
  query("/order/checked", { access: "user", input: t.Object({ id: idField }) }, ticketChecked),
  query("/order/express", { access: "user", input: t.Object({ id: idField }) }, orderExpress),
  command("/order/update/address", { access: "user", input: t.Object({ address: idField, order: idField }), audit: "order.address" }, changeAddress),
  query("/order/family/check", { access: "user", input: t.Object({ activity: idField, identity: t.String({ minLength: 1, maxLength: 100 }) }) }, familyChecked),
  download("/order/qr", { access: "user", input: t.Object({ trade: tradeField }) }, ticketQr),
  download("/order/ticket/pdf", { access: "user", input: t.Object({ trade: tradeField, language: documentLanguageField }) }, ticketPdf),
]);
