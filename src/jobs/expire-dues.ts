// Cancels dues orders unpaid after 15 minutes and closes their payments.
import type { Ctx } from "../domains/context";
import { expireDues } from "../domains/membership/expire";

export const expireDuesOrders = (ctx: Pick<Ctx, "db" | "now">) => expireDues(ctx);
