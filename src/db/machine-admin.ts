// `union-portal admin create-admin ACCOUNT` and `union-portal admin
// reset-password ACCOUNT`: what the operator does on the machine when no
// administrator can sign in (production refuses the fixed image code that
// scripts/api.ts needs, decision 120). The new password is generated, printed
// once and never logged; the act is written to the operation log with no
// actor (the machine) and the account as its target.
import { eq } from "drizzle-orm";
import type { Config } from "../config";
import { USER_STATE } from "../protocol/enumerations";
import type { Database } from "./client";
import { endSessions } from "../domains/shared/sessions";
import { clearFactors } from "../domains/second-factor/factors";
import { operationLog, roles, users } from "./schema";
import { generatePassword, hashPassword } from "./seed";

export type MachineAdmin = { verb: "create-admin" | "reset-password" | "reset-second-factor"; account: string };

export const MACHINE_ADMIN_USAGE = "union-portal admin create-admin ACCOUNT | union-portal admin reset-password ACCOUNT | union-portal admin reset-second-factor ACCOUNT";

/** What the operator reads: one line, the password in it once. Throws an Error whose message is the refusal. */
export async function runMachineAdmin(database: Database, config: Config, asked: MachineAdmin, now: Date): Promise<string> {
  const { db } = database;
  if (asked.verb === "reset-second-factor") return resetSecondFactor(database, asked.account, now);
  const password = generatePassword();
  const passwordHash = await hashPassword(password, config.passwords.cost);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.employees, asked.account));
  if (asked.verb === "create-admin") {
    if (existing) throw new Error(`The account "${asked.account}" exists already: reset its password with "union-portal admin reset-password ${asked.account}".`);
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, "administrator"));
    if (!role) throw new Error("The database has no administrator role: start the portal once first, then try again.");
    await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(users)
        .values({ employees: asked.account, passwordHash, state: USER_STATE.USER_STATE_ACTIVE, roleId: role.id, createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      await tx.insert(operationLog).values(audit("machine.create-admin", made!.id, now));
    });
    return `Administrator "${asked.account}" created; password "${password}" (shown once; change it after signing in).`;
  }
  if (!existing) throw new Error(`No account "${asked.account}": check the employee number, or create an administrator with "union-portal admin create-admin ${asked.account}".`);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, existing.id));
    // Whoever held the old password is signed out everywhere, on every running instance as a staff reset does.
    await endSessions({ db: tx }, [existing.id]);
    await tx.insert(operationLog).values(audit("machine.reset-password", existing.id, now));
  });
  return `Password of "${asked.account}" reset; new password "${password}" (shown once; change it after signing in).`;
}

/** The last administrator lost their device: they sign in with the password alone, then enrol again. */
async function resetSecondFactor(database: Database, account: string, now: Date): Promise<string> {
  const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.employees, account));
  if (!existing) throw new Error(`No account "${account}": check the employee number.`);
  const removed = await database.db.transaction(async (tx) => {
    const removed = await clearFactors({ db: tx }, existing.id);
    if (removed === 0) return 0;
    await endSessions({ db: tx }, [existing.id]);
    await tx.insert(operationLog).values(audit("machine.reset-second-factor", existing.id, now));
    return removed;
  });
  if (removed === 0) throw new Error(`The account "${account}" has no second factor: it signs in with its password alone.`);
  return `Second factor of "${account}" reset (${removed} removed); it signs in with its password and sets up a new one.`;
}

const audit = (action: string, userId: number, now: Date) => ({
  userId: null,
  targetUserId: userId,
  action,
  targetEntity: "user",
  targetId: String(userId),
  detail: `union-portal admin ${action.slice("machine.".length)} (on the server)`,
  ip: null,
  createdAt: now,
});
