// Who a log row is about or by, as the log lists show them: id, employee
// number and the profile's name.
import { inArray } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Ctx } from "../context";
import { namesOf } from "../shared/member-names";

export type Person = { id: number; employees: string | null; name: string };

export async function peopleOf(ctx: Pick<Ctx, "db">, ids: readonly (number | null)[]): Promise<Map<number, Person>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const [rows, names] = await Promise.all([ctx.db.select({ id: users.id, employees: users.employees }).from(users).where(inArray(users.id, wanted)), namesOf(ctx, wanted)]);
  return new Map(rows.map((r) => [r.id, { id: r.id, employees: r.employees, name: names.get(r.id) ?? "" }]));
}
