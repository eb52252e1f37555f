// Reading what the embedded SMS and mail providers "sent", and making extra
// registered members, for the tests of the code flows.
import { and, desc, eq, sql } from "drizzle-orm";
import { outbox, roles, userValues, users, verificationCodes } from "../../src/db/schema";
import { USER_STATE } from "../../src/protocol/enumerations";
import type { TestApp } from "./app";

/** The code in the newest outbox message to `to`, or null when nothing was sent there. Embedded providers only: a real provider's outbox keeps codes masked (codeSentTo reads those). */
export async function lastCode(t: Pick<TestApp, "db">, to: string): Promise<string | null> {
  const [row] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return row ? /(\d{6})/.exec(row.text)![1]! : null;
}

/** The newest code the portal sent to `to`, as it keeps it to check the answer: for tests with a real provider, whose outbox masks it. */
export async function codeSentTo(t: Pick<TestApp, "db">, to: string): Promise<string | null> {
  const [row] = await t.db.select({ code: verificationCodes.code }).from(verificationCodes).where(eq(verificationCodes.target, to)).orderBy(desc(verificationCodes.id)).limit(1);
  return row?.code ?? null;
}

export async function outboxCount(t: TestApp, to?: string): Promise<number> {
  const rows = await t.db.select({ id: outbox.id }).from(outbox).where(to ? eq(outbox.to, to) : undefined);
  return rows.length;
}

let next = 0;

/** A member HR registered who has not activated yet; phone and mail optional. */
export async function registeredMember(t: TestApp, opts: { phone?: string | null; mail?: string | null; state?: number } = {}) {
  next++;
  const n = String(next).padStart(4, "0");
  const [role] = await t.db.select().from(roles).where(eq(roles.code, "member"));
  const now = t.clock.now();
  const [row] = await t.db
    .insert(users)
    .values({
      employees: `cn20${n}`,
      phone: opts.phone === undefined ? `1370000${n}` : opts.phone,
      mail: opts.mail === undefined ? `cn20${n}@union.example.com` : opts.mail,
      state: opts.state ?? USER_STATE.USER_STATE_REGISTERED,
      roleId: role!.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** A stored profile value, read as jsonb text: Drizzle on PGlite would turn "13900000001" into a number. */
export async function valueOf(t: TestApp, userId: number, propertyId: number) {
  const [row] = await t.db
    .select({ optionId: userValues.optionId, json: sql<string>`${userValues.value}::text` })
    .from(userValues)
    .where(and(eq(userValues.userId, userId), eq(userValues.propertyId, propertyId)));
  return row ? { optionId: row.optionId, value: JSON.parse(row.json) as string | string[] } : null;
}
