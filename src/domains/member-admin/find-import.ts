// Find members from a sheet (spec 3 sections 2.4 and 7, Upload
// /user/operation/import/find): every cell of the first sheet is an employee
// number, a phone or an e-mail; the members any of them names are answered as
// the search table shows them (`list`, in the file's order), and the cells
// that named nobody (`unmatched`). A search, so it takes the search's power
// (FUNCTION_USER_OPERATION_FIND; spec 3 section 6 names none for it) and
// changes nothing. Not an xlsx: ERROR_PARAMS { reason: "type" } ("查询仅支持xlsx类型的excel文件").
// A first row that is a title row is left out (`header`), not named as a
// member not found (decision 112).
import { eq, inArray, or, sql } from "drizzle-orm";
import { roles, users } from "../../db/schema";
import type { UploadedFile } from "../../http/kit";
import { FIND_MAX_ROWS } from "../../protocol/limits";
import { refuse } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { readRows } from "../shared/sheets/workbook";
import { memberRows } from "./search";

/** The cells that named nobody, answered up to this many. */
const MAX_UNMATCHED = 100;
const CHUNK = 1_000;

export async function findFromSheet({ ctx, input }: { ctx: MemberCtx; input: { file: UploadedFile } }) {
  const rows = readRows(input.file.bytes, { maxRows: FIND_MAX_ROWS });
  const cellsOf = (list: typeof rows) => [...new Set(list.flatMap((r) => r.cells).map((c) => c.trim()).filter((c) => c && c.length <= 100))];
  const cells = cellsOf(rows);
  if (cells.length === 0) refuse("ERROR_PARAMS", { reason: "empty" });
  const found: { user: typeof users.$inferSelect; role: typeof roles.$inferSelect }[] = [];
  for (let from = 0; from < cells.length; from += CHUNK) {
    const chunk = cells.slice(from, from + CHUNK);
    found.push(
      ...(await ctx.db
        .select({ user: users, role: roles })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(or(inArray(users.employees, chunk), inArray(users.phone, chunk), inArray(sql`lower(${users.mail})`, chunk.map((c) => c.toLowerCase()))))),
    );
  }
  const key = (c: string) => c.toLowerCase();
  const byCell = new Map<string, number>();
  for (const { user } of found) for (const c of [user.employees, user.phone, user.mail]) if (c) byCell.set(key(c), user.id);
  // The first row is a title row when none of its cells names a member or looks like what could
  // (an employee number or phone has a digit, an e-mail an "@"): "员工号", "手机", "Employee ID".
  const first = rows[0]?.cells.map((c) => c.trim()).filter((c) => c) ?? [];
  const header = rows.length > 1 && first.length > 0 && first.every((c) => !byCell.has(key(c)) && !/[0-9@]/.test(c)) ? first : null;
  const looked = header ? cellsOf(rows.slice(1)) : cells;
  // In the file's order, each member once.
  const order = new Map<number, number>();
  const unmatched: string[] = [];
  for (const c of looked) {
    const id = byCell.get(key(c));
    if (id === undefined) unmatched.length < MAX_UNMATCHED && unmatched.push(c);
    else if (!order.has(id)) order.set(id, order.size);
  }
  const members = [...new Map(found.map((f) => [f.user.id, f])).values()].filter((f) => order.has(f.user.id)).sort((a, b) => order.get(a.user.id)! - order.get(b.user.id)!);
  return { list: await memberRows(ctx, members), unmatched, ...(header ? { header } : {}) };
}
