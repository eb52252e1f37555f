// What the sign-up benchmark (scripts/bench/signup-burst.ts) builds and
// checks, on any Drizzle handle: the bench process uses it on its own
// connection for the raw limit, the bench server (signup-server.ts) on the
// portal's own database for the full path (an embedded PGlite can only be
// opened by the process that owns it).
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../src/db/client";
import { rowsOf } from "../../src/db/sql";
import { cartRows, roles, users } from "../../src/db/schema";
import { passwordDigest } from "../../src/protocol/password";
import { MODULE_MODEL, USER_STATE } from "../../src/protocol/enumerations";
import { makeActivity, makeModule } from "../../tests/helpers/activities";

export const BENCH_PASSWORD = "Union2026bench";

// argon2id as the portal keeps every password, but with small parameters:
// the stored hash carries them, so the server's real verify runs fast and a
// few thousand members sign in within seconds (the defaults take ~200 ms each
// here, minutes for the crowd). Sign-in is not what this benchmark measures.
let benchHash: Promise<string> | null = null;
const hashOnce = () => (benchHash ??= Bun.password.hash(passwordDigest(BENCH_PASSWORD).toLowerCase(), { algorithm: "argon2id", memoryCost: 256, timeCost: 1 }));

/** `n` active members with the bench password (stored as `hash`, or the cheap one), inserted in chunks; accounts in id order. */
export async function makeBenchMembers(db: DbOrTx, n: number, prefix: string, hash?: string): Promise<{ id: number; account: string }[]> {
  hash ??= await hashOnce();
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, "member"));
  if (!role) throw new Error("no member role: the database is not seeded");
  const now = new Date();
  const out: { id: number; account: string }[] = [];
  for (let start = 0; start < n; start += 1000) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1000, n - start) }, (_, i) => ({
          employees: `${prefix}${String(start + i).padStart(5, "0")}`,
          passwordHash: hash,
          state: USER_STATE.USER_STATE_ACTIVE,
          roleId: role.id,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: users.id, employees: users.employees });
    out.push(...rows.map((r) => ({ id: r.id, account: r.employees! })));
  }
  return out;
}

/** `count` free activities of one module (a gift market's with `market`), open for sign-up now, `cap` places each (fixture builders of the API tests). */
export async function makeBenchActivities(db: DbOrTx, count: number, cap: number, label: string, market = false): Promise<number[]> {
  const now = Date.now();
  const module = await makeModule(db, {
    nameZh: `压测 ${label}`,
    nameEn: `Bench ${label}`,
    year: new Date(now).getUTCFullYear(),
    ...(market ? { model: MODULE_MODEL.MODULE_MODEL_MARKET } : {}),
  });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const a = await makeActivity(db, {
      moduleId: module.id,
      nameZh: `压测活动 ${label} ${i + 1}`,
      nameEn: `Bench activity ${label} ${i + 1}`,
      cap,
      signStart: new Date(now - 3_600_000),
      signEnd: new Date(now + 86_400_000),
    });
    ids.push(a.id);
  }
  return ids;
}

export type Verdict = {
  /** Places used, summed over the run's activities, and their caps. */
  used: number;
  cap: number;
  /** Live sub-orders and the distinct main orders they belong to. */
  items: number;
  orders: number;
  members: number;
  /** Members holding more than one live sub-order in the run. */
  twice: number;
  /** Activities whose counter is above its cap, or differs from its live sub-orders. */
  overCap: number;
  mismatched: number;
  /** The activity with the most live sub-orders beyond its cap (the naive control's oversell). */
  oversold: number;
};

/** The invariants of one run, by SQL on the run's activities. */
export async function verifyRun(db: DbOrTx, ids: number[]): Promise<Verdict> {
  const list = sql.raw(ids.map((id) => String(Math.trunc(id))).join(","));
  const live = sql`activity_id in (${list}) and state <> 203`;
  const result = await db.execute(sql`
    select
      (select coalesce(sum(used), 0) from activities where id in (${list}))::int as used,
      (select coalesce(sum(cap), 0) from activities where id in (${list}))::int as cap,
      (select count(*) from order_items where ${live})::int as items,
      (select count(distinct order_id) from order_items where ${live})::int as orders,
      (select count(distinct user_id) from order_items where ${live})::int as members,
      (select count(*) from (select user_id from order_items where ${live} group by user_id having count(*) > 1) d)::int as twice,
      (select count(*) from activities where id in (${list}) and used > cap)::int as over_cap,
      (select count(*) from activities a where a.id in (${list})
         and a.used <> (select count(*) from order_items i where i.activity_id = a.id and i.state <> 203))::int as mismatched,
      (select coalesce(max(n - cap), 0) from (
         select a.cap, count(i.id) as n from activities a left join order_items i on i.activity_id = a.id and i.state <> 203
         where a.id in (${list}) group by a.id, a.cap) x)::int as oversold`);
  const r = rowsOf<Record<string, number>>(result)[0]!;
  return {
    used: Number(r.used),
    cap: Number(r.cap),
    items: Number(r.items),
    orders: Number(r.orders),
    members: Number(r.members),
    twice: Number(r.twice),
    overCap: Number(r.over_cap),
    mismatched: Number(r.mismatched),
    oversold: Number(r.oversold),
  };
}

/** places used = quota = orders = distinct members, and nobody twice. */
export function verdictHolds(v: Verdict, quota: number): boolean {
  return v.used === quota && v.cap === quota && v.items === quota && v.orders === quota && v.members === quota && v.twice === 0 && v.overCap === 0 && v.mismatched === 0;
}

/** Each member's trolley holds just the given row: one checked unit (a refused checkout of an earlier run keeps its row). */
export async function fillTrolleys(db: DbOrTx, rows: { userId: number; activityId: number }[]): Promise<void> {
  await db.delete(cartRows);
  const now = new Date();
  for (let start = 0; start < rows.length; start += 1000)
    await db.insert(cartRows).values(rows.slice(start, start + 1000).map((r) => ({ ...r, count: 1, checked: true, createdAt: now, updatedAt: now })));
}
