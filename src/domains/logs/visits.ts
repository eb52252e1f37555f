// The visit log (spec 3 section 3 "Logs": page {nameZh}, param, date,
// ipAddr; filter page), with successful sign-ins among the visits: a sign-in
// row's page is the type OPERATION_LOGIN (登录 / Sign-in), and filtering on
// it lists sign-ins only. 20 rows a page, newest first.
import { sql, type SQL } from "drizzle-orm";
import { loginLog, visitLog } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import { PAGE } from "../../protocol/enumerations";
import { LOG_PAGE_SIZE } from "../../protocol/limits";
import { page, refuseField } from "../../protocol/result";
import { typeById } from "../../protocol/types";
import type { Ctx } from "../context";

type Reads = Pick<Ctx, "db">;
/** The type table's OPERATION_LOGIN: the "page" of a sign-in row. */
export const SIGN_IN_PAGE = 1701;
const PAGES = new Set<number>(Object.values(PAGE));

type Row = { kind: "visit" | "login"; id: number; page: number; params: string | null; ip: string | null; created_at: string | Date };

export async function listVisits({ ctx, input }: { ctx: Reads; input: { user?: number; page?: number; index?: number } }) {
  if (input.page !== undefined && input.page !== SIGN_IN_PAGE && !PAGES.has(input.page)) refuseField("page");
  const visits = input.page === SIGN_IN_PAGE ? null : sql`select 'visit' as kind, ${visitLog.id} as id, ${visitLog.page} as page, ${visitLog.params} as params, ${visitLog.ip} as ip, ${visitLog.createdAt} as created_at
      from ${visitLog} where true ${input.user === undefined ? sql`` : sql`and ${visitLog.userId} = ${input.user}`} ${input.page === undefined ? sql`` : sql`and ${visitLog.page} = ${input.page}`}`;
  const logins =
    input.page !== undefined && input.page !== SIGN_IN_PAGE
      ? null
      : sql`select 'login' as kind, ${loginLog.id} as id, ${SIGN_IN_PAGE} as page, null as params, ${loginLog.ip} as ip, ${loginLog.createdAt} as created_at
      from ${loginLog} where ${loginLog.success} ${input.user === undefined ? sql`` : sql`and ${loginLog.userId} = ${input.user}`}`;
  const parts = [visits, logins].filter((p): p is SQL => p !== null);
  const union = sql.join(parts, sql` union all `);
  const [total] = rowsOf<{ n: unknown }>(await ctx.db.execute(sql`select count(*) as n from (${union}) v`));
  const p = page(input.index, Number(total?.n ?? 0), LOG_PAGE_SIZE);
  const rows = rowsOf<Row>(await ctx.db.execute(sql`select * from (${union}) v order by created_at desc, kind, id desc limit ${p.size} offset ${p.offset}`));
  const list = rows.map((r) => {
    const type = typeById.get(Number(r.page));
    return {
      id: `${r.kind}-${r.id}`,
      page: { id: Number(r.page), nameZh: type?.nameZh ?? String(r.page), nameEn: type?.nameEn ?? String(r.page) },
      param: r.params,
      date: new Date(r.created_at).toISOString(),
      ipAddr: r.ip,
    };
  });
  return { list, count: p.count, max: p.max, index: p.index };
}
