// The embedded delivery of both channels: a row in `outbox`, written with the
// caller's database handle. Inside a request that handle is the request's
// transaction, so a request that fails and rolls back has sent nothing.
import type { DbOrTx } from "../db/client";
import { outbox } from "../db/schema";

/** What a provider needs from the verb that sends: the transaction it runs in and its clock. */
export type SendScope = { db: DbOrTx; now: Date };

export async function writeOutbox(scope: SendScope, row: { channel: "sms" | "mail"; to: string; subject: string | null; text: string }) {
  await scope.db.insert(outbox).values({ ...row, createdAt: scope.now });
}
