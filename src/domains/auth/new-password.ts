// A place in the hashing line, and a new password (activation, a reset, a
// change) hashed before its command's transaction, so no hash holds a
// connection (decision 87), and only for a request that would be accepted,
// so a wrong code buys no hash:
// - `prepareNewPassword`, the command's `prepare`: a place in the line (or
//   "busy, retry in N s" at once, nothing taken), then the request judged
//   read-only, its code peeked (`peekCode`: no try counted, nothing used up);
//   a request that would be refused gives its place back;
// - `hashNewPassword`, the command's `ready`, outside any transaction: the
//   hash in the place's turn;
// - the verb judges again for real (`useCode` counts the try and uses the
//   code up, as it always did) and stores `newHashOf(prepared)`.
import { DomainError, isRefused } from "../../protocol/result";
import type { Ctx } from "../context";
import type { Ticket } from "./password";

/** A place in the hashing line, or ERROR_BUSY { reason, retry: N } at once with nothing taken. */
export function placeInLine(ctx: Ctx, reason: "signin" | "password"): Ticket {
  const place = ctx.app.passwords.reserve();
  if ("busySeconds" in place) throw new DomainError("ERROR_BUSY", { reason, retry: place.busySeconds });
  return place;
}

/** The place kept for a request judged acceptable (else none), then its hash once `ready` ran. */
export type NewPassword = { ticket: Ticket | null; hash: string | null };

/** `prepare`: a place, kept only when `judge` (the verb's checks with `peekCode`) would accept the request. */
export async function prepareNewPassword(ctx: Ctx, judge: () => Promise<object>): Promise<NewPassword> {
  const ticket = placeInLine(ctx, "password");
  let accepted = false;
  try {
    accepted = !isRefused(await judge());
  } catch (error) {
    // A thrown refusal is the verb's to answer, in its transaction, as before.
    if (!(error instanceof DomainError)) {
      ticket.cancel();
      throw error;
    }
  }
  if (accepted) return { ticket, hash: null };
  ticket.cancel();
  return { ticket: null, hash: null };
}

/** `ready`: the hash in the place's turn, after the reads and before the transaction. */
export async function hashNewPassword({ ctx, input, prepared }: { ctx: Ctx; input: { password: string }; prepared: NewPassword }): Promise<NewPassword> {
  if (!prepared.ticket) return prepared;
  return { ticket: null, hash: await ctx.app.passwords.hash(prepared.ticket, input.password) };
}

/**
 * The hash the verb stores. None means `prepare` judged the request refused
 * and the verb, a moment later, did not (a code sent meanwhile): thrown, so
 * the transaction rolls back and takes nothing; pressing again hashes.
 */
export function newHashOf(prepared: NewPassword): string {
  if (prepared.hash === null) throw new DomainError("ERROR_BUSY", { reason: "password", retry: 1 });
  return prepared.hash;
}
