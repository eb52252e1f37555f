// npm run bench:member-export (issue 18 item 5): how long the member exports
// take with 5,000 and 100,000 members (name, phone, e-mail, gender, birth
// date, department; a paid dues order for three in four), on embedded PGlite
// and on PostgreSQL, through the real protocol (the app in-process, signed
// and sealed calls):
//   export job      POST /user/operation/export/list {} until its job is done (polled as the page does)
//   job download    GET /user/operation/export/list?job=… (the stored file)
//   direct export   GET /user/operation/export/list (built within the request)
//   fee export      POST /user/operation/export/member { year } until done
// Each figure is one run after a warm-up call; the rows of each file are
// counted and the exit code is 1 when they are not the members made.
//
// BENCH_ENGINES (default "pglite,postgres"); BENCH_SIZES (default "5000,100000");
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): the
// server a scratch database is made on, and dropped after.
import * as XLSX from "xlsx";
import type { Database } from "../../src/db/client";
import { ENGINES, benchKit, onScratch, signedInClient } from "./scratch";

const SIZES = (process.env.BENCH_SIZES ?? "5000,100000").split(",").map(Number);
const { log, timed } = benchKit("member-export");

type Figures = { engine: string; members: number; job: number; jobDownload: number; direct: number; fees: number; fileKb: number; peakMb: number };

/** `n` active members with their profile values and a paid dues order for three in four, made by the database itself. */
async function makeMembers(database: Database, n: number, now: Date, year: number) {
  const at = `'${now.toISOString()}'::timestamptz`;
  const value = (purpose: string, expr: string) => `
    insert into user_values (user_id, property_id, value)
      select u.id, (select id from properties where ${purpose}), ${expr} from users u where u.employees like 'bench%';`;
  await database.exec(`
    set statement_timeout = 0;
    insert into users (employees, phone, mail, state, role_id, nationality_id, created_at, updated_at)
      select 'bench' || g, (15000000000 + g)::text, 'bench' || g || '@union.example.com', 102,
        (select id from roles where code = 'member'), (select id from countries where name_en = 'China'), ${at} - g * interval '1 minute', ${at}
      from generate_series(1, ${n}) g;
    ${value("purpose = 1103", "to_jsonb('会员' || u.id)")}
    ${value("title_en = 'Gender'", "to_jsonb((u.id % 2)::text)")}
    ${value("title_en = 'Date of birth'", "to_jsonb(to_char(date '1960-01-01' + (u.id * 37 % 16000), 'YYYY-MM-DD'))")}
    insert into user_values (user_id, property_id, option_id, value)
      select u.id, o.property_id, o.id, to_jsonb(o.value) from users u
      join lateral (select * from property_options where property_id = (select id from properties where title_en = 'Department') order by id offset (u.id % 3) limit 1) o on true
      where u.employees like 'bench%';
    insert into dues_orders (sys_trade, user_id, year, name_zh, name_en, amount, state, pay_trade, created_at, expires_at, pay_date)
      select 'BENCH' || u.id, u.id, ${year}, '会费', 'Dues', 6000, 202, '4200BENCH' || u.id, ${at}, ${at}, ${at}
      from users u where u.employees like 'bench%' and u.id % 4 <> 0;
    analyze;
  `);
}

async function benchEngine(engine: string, members: number): Promise<Figures> {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const env = { TOKEN_BURST: "100000", JOB_UPLOAD_WAIT_MS: "0" };
  return onScratch(engine, { name: "member-export", log, env }, async (scratch) => {
    const { database, now } = scratch;
    const client = await signedInClient(scratch, "cn000003");
    log(`${engine}: making ${members} members`);
    const year = ((await client.call<{ config: { year: number } }>("/member/operation/find")) as { config: { year: number } }).config.year;
    await makeMembers(database, members, now, year);
    // Warm-up: the first call of each kind compiles its code paths.
    await client.call("/user/operation/list", {});

    /** Starts an export job and polls it once a second, as the page does. */
    const job = async (path: string, payload: object) => {
      const started = (await client.call<{ job: string }>(path, payload)) as { job?: string; message: { code: string } };
      if (!started.job) throw new Error(`${path}: ${started.message.code}`);
      for (;;) {
        const { job: seen } = (await client.call<{ job: { state: string; result: { rows: number } } }>("/user/operation/job", { key: started.job })) as { job: { state: string; result: { rows: number } } };
        if (seen.state === "done") return { key: started.job, rows: seen.result.rows };
        if (seen.state === "failed") throw new Error(`${path}: ${JSON.stringify(seen.result)}`);
        await Bun.sleep(250);
      }
    };
    const file = async (path: string, params: Record<string, string>) => {
      const got = await client.download(path, params);
      if ("answer" in got) throw new Error(`${path}: ${got.answer.message.code}`);
      return new Uint8Array(await got.file.arrayBuffer());
    };
    const rowsOf = (bytes: Uint8Array) => {
      const book = XLSX.read(bytes, { type: "array", dense: true });
      return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 }).length - 1;
    };
    const expected = members + 7; // the demo's members who have not left, and the bench's
    const [done, jobMs] = await timed(`${engine} ${members}: export job`, () => job("/user/operation/export/list", {}));
    const [bytes, jobDownload] = await timed(`${engine} ${members}: its file downloaded`, () => file("/user/operation/export/list", { job: done.key }));
    const [, direct] = await timed(`${engine} ${members}: direct export`, () => file("/user/operation/export/list", {}));
    const [fees, feesMs] = await timed(`${engine} ${members}: fee export job`, () => job("/user/operation/export/member", { year }));
    const rows = rowsOf(bytes);
    if (rows < members || rows > expected || done.rows !== rows || fees.rows !== members - Math.floor(members / 4)) {
      throw new Error(`unexpected rows: file ${rows}, job ${done.rows}, fees ${fees.rows}`);
    }
    return { engine, members, job: jobMs, jobDownload, direct, fees: feesMs, fileKb: Math.round(bytes.length / 1024), peakMb: Math.round(peak / 1024 / 1024) };
  }).finally(() => clearInterval(sampler));
}

const results: Figures[] = [];
for (const engine of ENGINES) for (const members of SIZES) results.push(await benchEngine(engine, members));
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`| engine | members | export job | its file | direct export | fee export job | file | process peak RSS (whole bench, PGlite in memory) |`);
console.log(`|---|---|---|---|---|---|---|---|`);
for (const r of results) console.log(`| ${r.engine} | ${r.members} | ${s(r.job)} | ${s(r.jobDownload)} | ${s(r.direct)} | ${s(r.fees)} | ${r.fileKb} KB | ${r.peakMb} MB |`);
process.exit(0);
