// The dashboard's member panels (spec 3 sections 2.5 and 3 "Dashboard data"):
// each answer is one SQL aggregate over the member table, never the members
// loaded into memory. Members are everybody not left (registered or active).
import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import { dashboardSettings, duesOrders, families, relations, userValues, users } from "../../db/schema";
import { rowsOf, at } from "../../db/sql";
import { ORDER_STATE, USER_STATE } from "../../protocol/enumerations";
import type { Ctx } from "../context";
import { duesConfig } from "../membership/dues";

type Reads = Pick<Ctx, "db" | "now">;
const { USER_STATE_REGISTERED: REGISTERED, USER_STATE_ACTIVE: ACTIVE, USER_STATE_LEFT: LEFT } = USER_STATE;
/** Spec 3 section 9: [min, max) in whole years. */
export const AGE_BUCKETS = [
  [20, 30],
  [30, 40],
  [40, 50],
  [50, 65],
] as const;
const HOURS_8 = 8 * 3_600_000;

/** Today's date in China, as yyyy-MM-dd parts. */
export function chinaDay(now: Date): { year: number; month: number; day: number } {
  const d = new Date(now.getTime() + HOURS_8);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The first instant of a China calendar year. */
export const chinaYearStart = (year: number): Date => new Date(Date.UTC(year, 0, 1) - HOURS_8);

/** The latest birth date (yyyy-MM-dd) of someone at least `years` old today (a 29 February birthday counts from 1 March). */
export function bornBy(now: Date, years: number): string {
  const { year, month, day } = chinaDay(now);
  const d = new Date(Date.UTC(year - years, month - 1, day));
  if (d.getUTCMonth() !== month - 1) d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
}

async function settings(ctx: Pick<Ctx, "db">) {
  const [row] = await ctx.db.select().from(dashboardSettings).where(eq(dashboardSettings.id, 1));
  return { gender: row?.genderPropertyId ?? null, birthday: row?.birthdayPropertyId ?? null };
}

/** /system/find/active: activated and not yet activated members. */
export async function activeCounts({ ctx }: { ctx: Reads }) {
  const [row] = await ctx.db
    .select({
      active: sql<number>`count(*) filter (where ${users.state} = ${ACTIVE})`.mapWith(Number),
      register: sql<number>`count(*) filter (where ${users.state} = ${REGISTERED})`.mapWith(Number),
    })
    .from(users);
  return { active: row!.active, register: row!.register };
}

/**
 * The member of a row is not left: an anti-join on the few who left, so a
 * panel reads its own index and never joins every member (what made the
 * panels slow with 100,000 members, decision 78).
 */
const notLeft = (userId: SQL | AnyColumn) => sql`not exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.state} not in (${REGISTERED}, ${ACTIVE}))`;

/** /system/find/age: members per age bucket, from the configured birth-date field (its well-formed days, user_values.day). */
export async function ageCounts({ ctx }: { ctx: Reads }) {
  const { birthday } = await settings(ctx);
  if (birthday === null) return { list: AGE_BUCKETS.map(([min, max]) => ({ min, max, count: 0 })) };
  const day = userValues.day;
  const buckets = AGE_BUCKETS.map(([min, max]) => sql`count(*) filter (where ${day} <= ${bornBy(ctx.now, min)} and ${day} > ${bornBy(ctx.now, max)})`);
  const [row] = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`select ${sql.join(buckets.map((b, i) => sql`${b} as b${sql.raw(String(i))}`), sql`, `)}
      from ${userValues} where ${userValues.propertyId} = ${birthday} and ${day} is not null and ${notLeft(userValues.userId)}`),
  );
  return { list: AGE_BUCKETS.map(([min, max], i) => ({ min, max, count: Number(row?.[`b${i}`] ?? 0) })) };
}

/** /system/find/sex: members by the configured gender field (option values "0" male, "1" female). */
export async function sexCounts({ ctx }: { ctx: Reads }) {
  const { gender } = await settings(ctx);
  if (gender === null) return { male: 0, female: 0 };
  const [row] = await ctx.db
    .select({
      male: sql<number>`count(*) filter (where ${userValues.value} #>> '{}' = '0')`.mapWith(Number),
      female: sql<number>`count(*) filter (where ${userValues.value} #>> '{}' = '1')`.mapWith(Number),
    })
    .from(userValues)
    .where(and(eq(userValues.propertyId, gender), notLeft(userValues.userId)));
  return { male: row!.male, female: row!.female };
}

/** /system/find/birthday: members per birth month, January first (twelve numbers). */
export async function birthdayCounts({ ctx }: { ctx: Reads }) {
  const { birthday } = await settings(ctx);
  const list = Array.from({ length: 12 }, () => 0);
  if (birthday === null) return { list };
  const rows = rowsOf<{ month: string; n: unknown }>(
    await ctx.db.execute(sql`select substr(${userValues.day}, 6, 2) as month, count(*) as n
      from ${userValues} where ${userValues.propertyId} = ${birthday} and ${userValues.day} is not null and ${notLeft(userValues.userId)}
      group by 1`),
  );
  for (const r of rows) {
    const m = Number(r.month);
    if (m >= 1 && m <= 12) list[m - 1] = Number(r.n);
  }
  return { list };
}

/**
 * /system/find/child: members with 0, 1, 2, 3 and more children in their
 * family list. Only members with children are grouped (from
 * families_relation_user_idx); those without are the rest of the members.
 */
export async function childCounts({ ctx }: { ctx: Reads }) {
  const [row] = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`with c as (
        select ${families.userId} as user_id, count(*) as n from ${families}
        where ${families.relationId} = (select ${relations.id} from ${relations} where ${relations.code} = 'child') and ${notLeft(families.userId)}
        group by ${families.userId}
      )
      select
        (select count(*) from ${users} where ${users.state} in (${REGISTERED}, ${ACTIVE})) - count(*) as count0,
        count(*) filter (where c.n = 1) as count1,
        count(*) filter (where c.n = 2) as count2,
        count(*) filter (where c.n = 3) as count3,
        count(*) filter (where c.n > 3) as more
      from c`),
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return { count0: n("count0"), count1: n("count1"), count2: n("count2"), count3: n("count3"), more: n("more") };
}

/**
 * /system/find/member: members and non-members (left), dues paid for the
 * billing year, joined (created) and left this China calendar year (by the
 * leave date; a member who left before it was kept, by their row's last change).
 */
export async function membershipCounts({ ctx }: { ctx: Reads }) {
  const year = chinaDay(ctx.now).year;
  const from = at(chinaYearStart(year));
  const until = at(chinaYearStart(year + 1));
  const billing = (await duesConfig(ctx)).year;
  const [row] = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`select
        count(*) filter (where ${users.state} <> ${LEFT}) as member,
        count(*) filter (where ${users.state} = ${LEFT}) as notmember,
        count(*) filter (where ${users.createdAt} >= ${from} and ${users.createdAt} < ${until}) as entry,
        count(*) filter (where ${users.state} = ${LEFT} and coalesce(${users.leftAt}, ${users.updatedAt}) >= ${from} and coalesce(${users.leftAt}, ${users.updatedAt}) < ${until}) as leave,
        (select count(distinct ${duesOrders.userId}) from ${duesOrders} where ${duesOrders.year} = ${billing} and ${duesOrders.state} = ${ORDER_STATE.ORDER_STATE_SUCCESS}) as paid
      from ${users}`),
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return { member: n("member"), notmember: n("notmember"), order: n("paid"), entry: n("entry"), leave: n("leave"), year };
}
