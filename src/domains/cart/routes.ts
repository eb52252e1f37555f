// The trolley and checkout calls (spec 2 section 7). Sign-up and trolley
// calls carry the static key in the spec; here every call is signed and
// sealed by the session like the rest.
import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { idField } from "../shared/fields";
import { orderWriter, seatConflicts, withPayLink } from "../signup";
import { checkout, checkoutPlan, placeInput, prepareCheckout, queueOfCheckout } from "./checkout";
import { addToCart, cartAddInput, cartCount, checkAll, checkRow, listCart, plusCart, prepareAdd, subCart } from "./trolley";

const flag = t.Union([t.Literal(0), t.Literal(1)]);

export const cartDomain = domain("cart", [
  query("/market/cart/count", { access: "user" }, cartCount),
  command(
    "/market/cart/add",
    {
      access: "user",
      input: cartAddInput,
      prepare: prepareAdd,
      audit: "cart.add",
    },
    addToCart,
  ),
  query("/market/cart/list", { access: "user" }, listCart),
  command("/market/cart/sub", { access: "user", input: t.Object({ all: flag, id: idField }), audit: "cart.sub" }, subCart),
  command("/market/cart/check", { access: "user", input: t.Object({ id: idField }), audit: "cart.check" }, checkRow),
  command("/market/cart/check/all", { access: "user", input: t.Object({ check: flag }), audit: "cart.check" }, checkAll),
  command("/market/cart/check/add", { access: "user", input: t.Object({ id: idField }), audit: "cart.plus" }, plusCart),
  command(
    "/market/place",
    {
      access: "user",
      input: placeInput,
      prepare: prepareCheckout,
      // A checkout joins the sign-ups of its hottest item (a gift when redemption opens), written in their batches.
      queue: ({ prepared }) => queueOfCheckout(prepared),
      batch: { writer: orderWriter, plan: checkoutPlan, answer: ({ written }) => written },
      audit: "cart.place",
      conflicts: seatConflicts,
      then: withPayLink,
    },
    checkout,
  ),
]);
