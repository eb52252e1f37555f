// The member management page's reads (spec 3 sections 2.4 and 7): the search
// (FUNCTION_USER_OPERATION_FIND), 23 rows a page, and a member's detail
// (FUNCTION_USER_OPERATION_INFO) with phones masked.
import { Type as t } from "@sinclair/typebox";
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import { countries, properties, roles, userValues, users } from "../../db/schema";
import { PROPERTY_PURPOSE, USER_STATE } from "../../protocol/enumerations";
import { maskIdentity, maskPhone } from "../../protocol/identity";
import { MEMBER_PAGE_SIZE } from "../../protocol/limits";
import { page, refuse, refuseField } from "../../protocol/result";
import { typeById } from "../../protocol/types";
import { placeOf, addressView } from "../address/service";
import type { Ctx } from "../context";
import { isEnrolled } from "../second-factor/policy";
import { containing, namesOf } from "../shared/member-names";
import { idField, pageIndex } from "../shared/fields";

const filterInt = t.Optional(t.Union([t.Integer({ minimum: -1_000_000, maximum: 1_000_000 }), t.Null()]));
export const memberSearchInput = t.Object({ state: filterInt, status: filterInt, account: t.Optional(t.String({ maxLength: 100 })), index: pageIndex });
export type MemberSearchInput = typeof memberSearchInput.static;
export const memberIdInput = t.Object({ id: idField });

const STATES = new Set<number>(Object.values(USER_STATE));

const stateView = (id: number) => {
  const type = typeById.get(id);
  return { id, code: type?.code ?? null, nameZh: type?.nameZh ?? null, nameEn: type?.nameEn ?? null };
};
const roleView = (r: { id: number; nameZh: string; nameEn: string }) => ({ id: r.id, nameZh: r.nameZh, nameEn: r.nameEn });

/** Where the search's filters keep: state -1 (or none) is every member who has not left; role -1 is every role. */
export async function searchWhere(ctx: Pick<Ctx, "db">, input: MemberSearchInput) {
  const state = input.state ?? -1;
  if (state !== -1 && !STATES.has(state)) refuseField("state");
  const status = input.status ?? -1;
  if (status !== -1 && status < 1) refuseField("status");
  const text = (input.account ?? "").trim();
  const named = text
    ? ctx.db
        .select({ id: userValues.userId })
        .from(userValues)
        .innerJoin(properties, eq(properties.id, userValues.propertyId))
        .where(and(eq(properties.purpose, PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME), ilike(sql`${userValues.value}#>>'{}'`, containing(text))))
    : null;
  return and(
    state === -1 ? ne(users.state, USER_STATE.USER_STATE_LEFT) : eq(users.state, state),
    status === -1 ? undefined : eq(users.roleId, status),
    text && named
      ? or(ilike(users.employees, containing(text)), ilike(users.phone, containing(text)), ilike(users.mail, containing(text)), inArray(users.id, named))
      : undefined,
  );
}

/** Members as the search table shows them (phones masked). */
export async function memberRows(ctx: Pick<Ctx, "db">, rows: { user: typeof users.$inferSelect; role: typeof roles.$inferSelect }[]) {
  const names = await namesOf(ctx, rows.map((r) => r.user.id));
  return rows.map(({ user, role }) => ({
    id: user.id,
    employees: user.employees,
    name: names.get(user.id) ?? null,
    phone: maskPhone(user.phone),
    email: user.mail,
    state: stateView(user.state),
    status: roleView(role),
    createDate: user.createdAt.toISOString(),
  }));
}

/** /user/operation/list */
export async function searchMembers({ ctx, input }: { ctx: Ctx; input: MemberSearchInput }) {
  const where = await searchWhere(ctx, input);
  const [{ n }] = (await ctx.db.select({ n: count() }).from(users).where(where)) as [{ n: number }];
  const p = page(input.index, n, MEMBER_PAGE_SIZE);
  const rows = await ctx.db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(p.size)
    .offset(p.offset);
  return {
    list: await memberRows(ctx, rows),
    count: p.count,
    index: p.index,
    max: p.max,
  };
}

/** A member's row with role and nationality, or ERROR_RESULT_NULL. */
export async function memberRow(ctx: Pick<Ctx, "db">, id: number) {
  const [row] = await ctx.db
    .select({ user: users, role: roles, country: countries })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(countries, eq(countries.id, users.nationalityId))
    .where(eq(users.id, id));
  if (!row) refuse("ERROR_RESULT_NULL");
  return row;
}

/** /user/operation/info: the detail dialog (visible properties only; phones masked). */
export async function memberInfo({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const { user, role, country } = await memberRow(ctx, input.id);
  const [values, place] = await Promise.all([
    ctx.db
      .select({ value: userValues, property: properties })
      .from(userValues)
      .innerJoin(properties, eq(properties.id, userValues.propertyId))
      .where(and(eq(userValues.userId, user.id), eq(properties.isShow, true)))
      .orderBy(asc(properties.sortIndex), asc(properties.id)),
    placeOf(ctx, user.id),
  ]);
  const phonePurpose = (purpose: number) => purpose === PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE;
  const home = place ? addressView(place) : null;
  return {
    user: {
      id: user.id,
      employees: user.employees,
      phone: maskPhone(user.phone),
      email: user.mail,
      createDate: user.createdAt.toISOString(),
      leaveDate: user.leftAt ? user.leftAt.toISOString() : null,
      state: stateView(user.state),
      status: roleView(role),
      nationality: country ? { id: country.id, type: country.type, nameZh: country.nameZh, nameEn: country.nameEn } : null,
      values: values.map(({ value, property }) => ({
        property: { id: property.id },
        option: value.optionId ? { id: value.optionId } : null,
        // Masked for staff (issue 31): the phone and private values (an identity document's number); /user/operation/reveal shows them, audited.
        value: typeof value.value !== "string" ? value.value : phonePurpose(property.purpose) ? maskPhone(value.value) : property.isPrivate ? maskIdentity(value.value) : value.value,
      })),
      place: home ? { ...home, phone: maskPhone(home.phone) } : null,
      // The family contact is the home address's contact (docs/decisions.md).
      contact: home ? { name: home.name, phone: maskPhone(home.phone) } : null,
      // Issue 31: whether the member keeps a second factor, for the staff's reset of a lost device.
      secondFactor: await isEnrolled(ctx, user.id),
    },
  };
}
