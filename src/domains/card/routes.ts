import { Type as t } from "@sinclair/typebox";
import { domain, query } from "../../http/kit";
import { memberCard, verifyCard } from "./service";

/** A shop's scans from one address: a queue of customers at once, then one every 2 seconds (a guesser gets nowhere either way). */
const VERIFY_BUDGET = { key: "card-verify", burst: 20, perSecond: 0.5 };

export const cardDomain = domain("card", [
  // Read-only: making a code writes nothing (docs/decisions.md 97).
  query("/card/info", { access: "user" }, memberCard),
  // The shop's page asks without signing in: plain JSON, a budget per address.
  query("/card/verify", { access: "public", input: t.Object({ code: t.String({ maxLength: 300 }) }), throttle: () => VERIFY_BUDGET }, verifyCard),
]);
