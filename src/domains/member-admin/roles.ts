// No power taken through member management (issue 28 item 1, decision 103):
// a staff member gives a role only when they hold every power of it, never
// changes their own role, and leaves alone the role, sign-in identifiers
// (phone, e-mail) and state of an account whose role holds a power they lack
// (else they could demote it, or point its phone at their own and reset its
// password). The staff member form, reset, leave and the imports judge by
// these same rules; the form refuses with a result code, an import row with
// a reason.
import { asc, inArray } from "drizzle-orm";
import { rolePowers, users } from "../../db/schema";
import type { Actor, Ctx, MemberCtx } from "../context";

/** Each role's powers, by role id (a role without powers maps to an empty set). */
export type RolePowers = (roleId: number) => ReadonlySet<string>;

export async function rolePowersOf(ctx: Pick<Ctx, "db">): Promise<RolePowers> {
  const byRole = new Map<number, Set<string>>();
  for (const r of await ctx.db.select().from(rolePowers)) {
    let set = byRole.get(r.roleId);
    if (!set) byRole.set(r.roleId, (set = new Set()));
    set.add(r.power);
  }
  const none: ReadonlySet<string> = new Set();
  return (roleId) => byRole.get(roleId) ?? none;
}

/** Whether the actor holds every power of this role. */
export const holdsAll = (actor: Pick<Actor, "powers">, powers: ReadonlySet<string>) => [...powers].every((p) => actor.powers.has(p));

/**
 * Why giving `roleId` to `target` (null: a new member) is refused, or null.
 * A role kept as it is is never refused: an actor may edit the profile of an
 * account above them, and their own.
 */
export function roleRefusal(actor: Pick<Actor, "id" | "powers">, powersOf: RolePowers, target: { id: number; roleId: number } | null, roleId: number): "role.self" | "role.holder" | "role.above" | null {
  if (target && target.roleId === roleId) return null;
  if (target?.id === actor.id) return "role.self";
  if (target && !holdsAll(actor, powersOf(target.roleId))) return "role.holder";
  if (!holdsAll(actor, powersOf(roleId))) return "role.above";
  return null;
}

/** Whether the account's role holds a power the actor lacks: its sign-in identifiers and state are not the actor's to change. */
export const isAbove = (actor: Pick<Actor, "powers">, powersOf: RolePowers, target: { roleId: number }) => !holdsAll(actor, powersOf(target.roleId));

/**
 * The actor as stored now, their row and the target's locked in id order: two
 * administrators demoting each other at once are then judged one after the
 * other, the second by the role the first left them (their session may still
 * hold the old powers for a moment). Powers are the stored role's, never more
 * than the session's.
 */
export async function actorAsStored(ctx: Pick<MemberCtx, "db" | "actor">, targetId: number | null, powersOf: RolePowers): Promise<Pick<Actor, "id" | "powers">> {
  const { actor } = ctx;
  const ids = targetId === null || targetId === actor.id ? [actor.id] : [actor.id, targetId];
  const rows = await ctx.db.select({ id: users.id, roleId: users.roleId }).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for("update");
  const stored = rows.find((r) => r.id === actor.id);
  const powers = new Set([...(stored ? powersOf(stored.roleId) : [])].filter((p) => actor.powers.has(p)));
  return { id: actor.id, powers };
}
