// The ticket's code: what its QR holds, on the screen and on the printed
// ticket alike, and what the check-in scanner reads back. It names the
// sub-order (its child trade, already unguessable) and is signed, so a code
// typed up from an order number alone does not pass the door.
import { type Ctx } from "../context";
import { readCode, signCode } from "../shared/signed-codes";

export const ticketCode = (ctx: Pick<Ctx, "app">, childTrade: string): Promise<string> => signCode(ctx, "T1", childTrade);

/** The child trade a ticket code names, or null when it is not a ticket code this portal signed. */
export const readTicketCode = (ctx: Pick<Ctx, "app">, code: string): Promise<string | null> => readCode(ctx, "T1", code);
