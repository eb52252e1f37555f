// A member's address book (spec 1 sections 3 and 5): at most 10 addresses,
// exactly one default while any exist, the home address ("place") beside the
// delivery ones. Every read and write is scoped to the acting member.
import { Type as t } from "@sinclair/typebox";
import { and, desc, eq, sql } from "drizzle-orm";
import { addresses, users } from "../../db/schema";
import { refuse, refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { cleanText, hasChinese, isPersonName, isPhone } from "../../protocol/identity";
import { ADDRESS_TYPE } from "../../protocol/enumerations";
import { idField } from "../shared/fields";
import { childrenOf, isRegionChain, regionOf } from "./regions";
import { MAX_ADDRESSES } from "../../protocol/limits";


type AddressRow = typeof addresses.$inferSelect;

/** A region code of the address picker, as /address/find takes and answers it. */
export const regionCode = t.String({ maxLength: 12 });
/** /user/address/save and /user/address/place/update: loose bounds here, the verb answers which field is wrong. */
export const addressInput = t.Object({
  address: t.Object({
    id: t.Optional(idField),
    name: t.String({ maxLength: 100 }),
    phone: t.String({ maxLength: 20 }),
    address0: regionCode,
    address1: regionCode,
    address2: regionCode,
    address3: regionCode,
    info: t.String({ maxLength: 500 }),
  }),
});
export type AddressInput = typeof addressInput.static;

export const addressView = (row: AddressRow) => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  address0: regionOf(row.address0),
  address1: regionOf(row.address1),
  address2: regionOf(row.address2),
  address3: regionOf(row.address3),
  info: row.info,
  type: { id: row.type },
  isDefault: row.isDefault,
});

export type AddressView = ReturnType<typeof addressView>;

export function findRegions({ input }: { input: { id?: string } }) {
  const list = childrenOf(input.id);
  if (!list) refuseField("id");
  return { list };
}

const ownRows = (ctx: Pick<Ctx, "db">, userId: number) =>
  ctx.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));

/** The member's default address, for the user view's `place`. */
export async function defaultAddress(ctx: Pick<Ctx, "db">, userId: number): Promise<AddressView | null> {
  const { db } = ctx;
  const [row] = await db.select().from(addresses).where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true))).limit(1);
  return row ? addressView(row) : null;
}

export async function listAddresses({ ctx }: { ctx: MemberCtx }) {
  const rows = await ownRows(ctx, ctx.actor.id);
  return { list: rows.map(addressView) };
}

/** The checked, cleaned fields of an address; ERROR_PARAMS { field } names the first bad one. */
function checkAddress(input: AddressInput["address"]) {
  const name = cleanText(input.name ?? "");
  if (!name || name.length > 30 || !isPersonName(name)) refuseField("name");
  const phone = (input.phone ?? "").trim();
  if (!isPhone(phone)) refuseField("phone");
  const codes = [input.address0, input.address1, input.address2, input.address3].map((c) => String(c ?? "").trim());
  if (!isRegionChain(codes)) refuseField("address");
  const info = cleanText(input.info ?? "");
  if (!info || info.length > 120 || !hasChinese(info)) refuseField("info");
  const [address0, address1, address2, address3] = codes as [string, string, string, string];
  return { name, phone, address0, address1, address2, address3, info };
}

/** Serialises one member's address writes, so two saves at once cannot both take the tenth place. */
const lockMember = (ctx: Pick<Ctx, "db">, userId: number) => ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");

async function ownAddress(ctx: Pick<Ctx, "db">, userId: number, id: number): Promise<AddressRow> {
  const { db } = ctx;
  const [row] = await db.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) refuse("ERROR_RESULT_NULL");
  return row;
}

async function insertAddress(ctx: Ctx, userId: number, fields: ReturnType<typeof checkAddress>, type: number) {
  const [{ n }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(addresses).where(eq(addresses.userId, userId))) as [{ n: number }];
  if (n >= MAX_ADDRESSES) refuse("ERROR_OFTEN", { max: MAX_ADDRESSES });
  const [row] = await ctx.db
    .insert(addresses)
    .values({ userId, ...fields, type, isDefault: n === 0, createdAt: ctx.now, updatedAt: ctx.now })
    .returning();
  return row!;
}

export async function saveAddress({ ctx, input }: { ctx: MemberCtx; input: AddressInput }) {
  const userId = ctx.actor.id;
  const fields = checkAddress(input.address);
  await lockMember(ctx, userId);
  if (input.address.id === undefined) {
    return { address: addressView(await insertAddress(ctx, userId, fields, ADDRESS_TYPE.ADDRESS_TYPE_EXPRESS)) };
  }
  const existing = await ownAddress(ctx, userId, input.address.id);
  // An existing address keeps its type (spec 1 section 5): editing the home address does not make it a delivery one.
  const [row] = await ctx.db.update(addresses).set({ ...fields, updatedAt: ctx.now }).where(eq(addresses.id, existing.id)).returning();
  return { address: addressView(row!) };
}

export async function setDefaultAddress({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const userId = ctx.actor.id;
  await lockMember(ctx, userId);
  const row = await ownAddress(ctx, userId, input.id);
  await ctx.db.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  await ctx.db.update(addresses).set({ isDefault: true, updatedAt: ctx.now }).where(eq(addresses.id, row.id));
}

export async function deleteAddress({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const userId = ctx.actor.id;
  await lockMember(ctx, userId);
  const row = await ownAddress(ctx, userId, input.id);
  await ctx.db.delete(addresses).where(eq(addresses.id, row.id));
  if (!row.isDefault) return;
  const [newest] = await ctx.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.createdAt), desc(addresses.id)).limit(1);
  if (newest) await ctx.db.update(addresses).set({ isDefault: true }).where(eq(addresses.id, newest.id));
}

export async function placeOf(ctx: Pick<Ctx, "db">, userId: number): Promise<AddressRow | null> {
  const { db } = ctx;
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.type, ADDRESS_TYPE.ADDRESS_TYPE_PLACE)))
    .orderBy(desc(addresses.updatedAt), desc(addresses.id))
    .limit(1);
  return row ?? null;
}

export async function findPlace({ ctx }: { ctx: MemberCtx }) {
  const row = await placeOf(ctx, ctx.actor.id);
  return { address: row ? addressView(row) : null };
}

/** Staff read of a member's home address (FUNCTION_USER_OPERATION_INFO). */
export async function findPlaceForStaff({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const row = await placeOf(ctx, input.id);
  return { address: row ? addressView(row) : null };
}

/** The one home address: updated when it exists, else added (it counts towards the 10). */
export async function updatePlace({ ctx, input }: { ctx: MemberCtx; input: AddressInput }) {
  const userId = ctx.actor.id;
  const fields = checkAddress(input.address);
  await lockMember(ctx, userId);
  const existing = await placeOf(ctx, userId);
  if (!existing) return { address: addressView(await insertAddress(ctx, userId, fields, ADDRESS_TYPE.ADDRESS_TYPE_PLACE)) };
  const [row] = await ctx.db.update(addresses).set({ ...fields, updatedAt: ctx.now }).where(eq(addresses.id, existing.id)).returning();
  return { address: addressView(row!) };
}
