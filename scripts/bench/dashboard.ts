// npm run bench:dashboard (issue 18): each dashboard panel's answer time with
// 100,000 members (gender, birth date, 0-4 children and a spouse each, a paid
// dues order for most, ten page visits each) on embedded PGlite and on
// PostgreSQL. The panels' verbs are called directly (the figures are the
// queries', not the protocol's); each is run once to warm up, then timed as
// the median of BENCH_RUNS (default 3). Goal: every panel under 200 ms on
// PostgreSQL and under 1 s on PGlite; the exit code is 1 when one is not.
//
// BENCH_ENGINES (default "pglite,postgres"); BENCH_MEMBERS (default 100000);
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): the
// server a scratch database is made on, and dropped after.
import type { Database } from "../../src/db/client";
import { activityCount, activityList, activityNow } from "../../src/domains/dashboard/activities";
import { activeCounts, ageCounts, birthdayCounts, childCounts, membershipCounts, sexCounts } from "../../src/domains/dashboard/members";
import { ENGINES, benchKit, onScratch } from "./scratch";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL_MS: Record<string, number> = { pglite: 1000, postgres: 200 };
const { log } = benchKit("dashboard");

/** The members and what hangs off them, made by the database itself (generate_series), as one statement each. */
async function makeMembers(database: Database, n: number, now: Date) {
  const at = `'${now.toISOString()}'::timestamptz`;
  const year = now.getUTCFullYear();
  // The app's statement timeout is for requests; making 100,000 members takes longer.
  await database.exec(`
    set statement_timeout = 0;
    insert into users (employees, state, role_id, created_at, updated_at)
      select 'bench' || g, case when g % 20 = 0 then 103 when g % 7 = 0 then 101 else 102 end,
        (select id from roles where code = 'member'), ${at} - (g % 900) * interval '1 day', ${at} - (g % 400) * interval '1 day'
      from generate_series(1, ${n}) g;
    insert into user_values (user_id, property_id, value)
      select u.id, s.gender_property_id, to_jsonb((u.id % 2)::text) from users u, dashboard_settings s where u.employees like 'bench%';
    insert into user_values (user_id, property_id, value)
      select u.id, s.birthday_property_id, to_jsonb(to_char(date '1960-01-01' + (u.id * 37 % 16000), 'YYYY-MM-DD'))
      from users u, dashboard_settings s where u.employees like 'bench%';
    insert into families (user_id, name, identity, id_type, relation_id, sex, birthday, created_at, updated_at)
      select u.id, '孩子', 'B' || u.id || '-' || k, 2, (select id from relations where code = 'child'), k % 2, date '2015-01-01', ${at}, ${at}
      from users u, generate_series(1, 4) k where u.employees like 'bench%' and k <= u.id % 5;
    insert into families (user_id, name, identity, id_type, relation_id, sex, created_at, updated_at)
      select u.id, '配偶', 'S' || u.id, 2, (select id from relations where code = 'spouse'), 1, ${at}, ${at}
      from users u where u.employees like 'bench%' and u.id % 3 = 0;
    insert into dues_orders (sys_trade, user_id, year, name_zh, name_en, amount, state, created_at, expires_at, pay_date)
      select 'BENCH' || u.id, u.id, ${year}, '会费', 'Dues', 2400, case when u.id % 4 = 0 then 203 else 202 end, ${at}, ${at}, ${at}
      from users u where u.employees like 'bench%';
    insert into visit_log (user_id, page, params, ip, created_at)
      select u.id, case when k % 2 = 0 then 704 else 701 end,
        case when k % 2 = 0 then '{"id":"' || ((u.id + k) % 40 + 1) || '"}' else '{}' end, '10.0.0.1', ${at} - k * interval '1 hour'
      from users u, generate_series(1, 10) k where u.employees like 'bench%';
    -- What /system/visit counts as it records those visits (src/domains/visit/service.ts).
    insert into activity_visits (activity_id, slot, visits)
      select substring(params from '"id":"([0-9]{1,9})"')::integer, user_id % 8, count(*)
      from visit_log where page = 704 and substring(params from '"id":"([0-9]{1,9})"') !~ '^0' group by 1, 2
      on conflict (activity_id, slot) do update set visits = activity_visits.visits + excluded.visits;
    analyze;
  `);
}

const PANELS = {
  active: activeCounts,
  age: ageCounts,
  sex: sexCounts,
  member: membershipCounts,
  child: childCounts,
  birthday: birthdayCounts,
  "activity/count": activityCount,
  "activity/now": activityNow,
  "activity/list": (args: { ctx: { db: Database["db"]; now: Date } }) => activityList({ ...args, input: { index: 1 } }),
} as const;

async function benchEngine(engine: string): Promise<Record<string, number>> {
  return onScratch(engine, { name: "dashboard", log, pool: 4 }, async ({ database, now }) => {
    const started = performance.now();
    await makeMembers(database, MEMBERS, now);
    log(`${engine}: ${MEMBERS} members made in ${Math.round(performance.now() - started)} ms`);
    const ctx = { db: database.db, now };
    const times: Record<string, number> = {};
    for (const [name, verb] of Object.entries(PANELS)) {
      await verb({ ctx } as never);
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await verb({ ctx } as never);
        runs.push(performance.now() - t0);
      }
      runs.sort((a, b) => a - b);
      times[name] = Math.round(runs[Math.floor(runs.length / 2)]! * 10) / 10;
      log(`${engine} ${name}: ${times[name]} ms`);
    }
    return times;
  });
}

let failed = false;
const table: Record<string, Record<string, number>> = {};
for (const engine of ENGINES) {
  const times = await benchEngine(engine);
  for (const [panel, ms] of Object.entries(times)) {
    (table[panel] ??= {})[engine] = ms;
    if (ms > (GOAL_MS[engine] ?? Infinity)) failed = true;
  }
}
console.log(`Dashboard panels with ${MEMBERS} members (median of ${RUNS} runs, ms):`);
console.table(table);
if (failed) {
  console.log("A panel missed its goal (PostgreSQL 200 ms, PGlite 1,000 ms).");
  process.exit(1);
}
