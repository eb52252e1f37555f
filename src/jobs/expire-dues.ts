// Cancels dues orders unpaid after 15 minutes and closes their payments.
import type { DbOrTx } from "../db/client";
import { expireDues } from "../domains/membership/expire";

export const expireDuesOrders = ({ db, now }: { db: DbOrTx; now: Date }) => expireDues(db, now);
