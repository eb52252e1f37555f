// Who must have a second factor, and by when (issue 31 item 1): every account
// whose role holds a staff power, once the grace period set by an
// administrator has passed (counted from when the requirement began: the
// database's first start, or this feature's migration). Until then such an
// account signs in with its password alone and is reminded; after it, every
// staff call is refused (src/http/transport.ts) until it enrols. The
// envelope reads the same two facts with the session (src/http/envelope.ts).
import { Type as t } from "@sinclair/typebox";
import { and, asc, eq, notExists, sql } from "drizzle-orm";
import { rolePowers, roles, secondFactors, securityConfig, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { USER_STATE } from "../../protocol/enumerations";
import { refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { isoOf } from "../shared/fields";
import { namesOf } from "../shared/member-names";
import { sessionFactsChanged } from "../shared/sessions";

const DAY_MS = 86_400_000;
/** The longest grace an administrator may give: a quarter. */
export const GRACE_DAYS = { min: 0, max: 90 } as const;

export const graceInput = t.Object({ graceDays: t.Integer() });

/** The grace and when it ends; a database without the row (never seeded) has no deadline yet. */
export async function policyOf(ctx: Pick<Ctx, "db">) {
  const [row] = await ctx.db.select().from(securityConfig).where(eq(securityConfig.id, 1));
  return row ? { graceDays: row.graceDays, since: row.since, deadline: new Date(row.since.getTime() + row.graceDays * DAY_MS) } : null;
}

/** Whether the member has a confirmed second factor. */
export async function isEnrolled(ctx: Pick<Ctx, "db">, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: secondFactors.id })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), eq(secondFactors.confirmed, true)))
    .limit(1);
  return row !== undefined;
}

/** What the user view says of a member's second factor: whether one is kept, whether one is required (a staff power), and by when. */
export async function secondFactorView(ctx: Pick<Ctx, "db">, userId: number, staff: boolean) {
  const [enrolled, policy] = await Promise.all([isEnrolled(ctx, userId), staff ? policyOf(ctx) : null]);
  return { enrolled, required: staff, deadline: staff && !enrolled ? isoOf(policy?.deadline ?? null) : null };
}

/** Active accounts whose role holds any power and that have no confirmed second factor. */
async function staffWithout(ctx: Pick<Ctx, "db">) {
  const rows = await ctx.db
    .selectDistinct({ id: users.id, employees: users.employees, roleZh: roles.nameZh, roleEn: roles.nameEn })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(rolePowers, eq(rolePowers.roleId, roles.id))
    .where(
      and(
        eq(users.state, USER_STATE.USER_STATE_ACTIVE),
        notExists(ctx.db.select({ one: sql`1` }).from(secondFactors).where(and(eq(secondFactors.userId, users.id), eq(secondFactors.confirmed, true)))),
      ),
    )
    .orderBy(asc(users.id));
  const names = await namesOf(ctx, rows.map((r) => r.id));
  return rows.map((r) => ({ user: { id: r.id, employees: r.employees, name: names.get(r.id) ?? null }, role: { nameZh: r.roleZh, nameEn: r.roleEn } }));
}

/** POST /security/config: the grace, its end, and the staff accounts still without a second factor. */
export async function securitySettings({ ctx }: { ctx: MemberCtx }) {
  const policy = await policyOf(ctx);
  return {
    graceDays: policy?.graceDays ?? 0,
    since: isoOf(policy?.since ?? null),
    deadline: isoOf(policy?.deadline ?? null),
    limits: GRACE_DAYS,
    missing: await staffWithout(ctx),
  };
}

/** POST /security/config/save: the grace in days, from when the requirement began; every instance reads the new deadline at once. */
export async function saveGraceDays({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof graceInput.static }) {
  const { graceDays } = input;
  if (graceDays < GRACE_DAYS.min || graceDays > GRACE_DAYS.max) refuseField("graceDays", GRACE_DAYS);
  const row = { graceDays, updatedAt: ctx.now, updatedBy: ctx.actor.id };
  await ctx.db.insert(securityConfig).values({ id: 1, since: ctx.now, ...row }).onConflictDoUpdate({ target: securityConfig.id, set: row });
  await sessionFactsChanged(ctx, "*");
  return { graceDays, audit: { entity: "security", id: 1, detail: `${graceDays} days` } };
}

/** What a new database starts with (the seed): the requirement begins now, with SECOND_FACTOR_GRACE_DAYS to enrol. */
export async function startPolicy(ctx: Pick<Ctx, "db">, graceDays: number, now: Date) {
  const row = { graceDays, since: now, updatedAt: now, updatedBy: null };
  await ctx.db.insert(securityConfig).values({ id: 1, ...row }).onConflictDoUpdate({ target: securityConfig.id, set: row });
}
