// The user as spec 1 section 3 describes it, the shape every sign-in and
// reload answer carries and the browser keeps in its session store.
import { eq } from "drizzle-orm";
import { countries, rolePowers, roles, userValues, users } from "../../db/schema";
import { typeById } from "../../protocol/types";
import { defaultAddress } from "../address/service";
import type { Ctx } from "../context";
import { consentOf } from "../privacy/notice";
import { secondFactorView } from "../second-factor/policy";

export async function loadUserView(ctx: Pick<Ctx, "db">, userId: number) {
  const { db } = ctx;
  const [row] = await db
    .select({ user: users, role: roles, country: countries })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(countries, eq(countries.id, users.nationalityId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const [powers, values, place] = await Promise.all([
    db.select({ code: rolePowers.power }).from(rolePowers).where(eq(rolePowers.roleId, row.role.id)),
    db.select().from(userValues).where(eq(userValues.userId, userId)),
    defaultAddress(ctx, userId),
  ]);
  const [secondFactor, privacyNotice] = await Promise.all([secondFactorView(ctx, userId, powers.length > 0), consentOf(ctx, userId)]);
  const { user, role, country } = row;
  return {
    id: user.id,
    employees: user.employees,
    phone: user.phone,
    mail: user.mail,
    createDate: user.createdAt.toISOString(),
    state: { id: user.state, code: typeById.get(user.state)?.code ?? null },
    language: user.language ? { id: user.language } : null,
    nationality: country ? { id: country.id, type: country.type, nameZh: country.nameZh, nameEn: country.nameEn } : null,
    status: { id: role.id, code: role.code, nameZh: role.nameZh, nameEn: role.nameEn, powers: powers.map((p) => ({ code: p.code })) },
    values: values.map((v) => ({ property: { id: v.propertyId }, option: v.optionId ? { id: v.optionId } : null, value: v.value })),
    place,
    // Issue 31: whether a second factor is kept, required (a staff power), and by when.
    secondFactor,
    // Issue 31: the privacy notice in force and whether this member accepted it (null: none published).
    privacyNotice,
  };
}

export type UserView = NonNullable<Awaited<ReturnType<typeof loadUserView>>>;
