// The operation log and the property-change log (spec 3 section 3 "Logs",
// section 7 "/user/operation/managers, /operations, /propertylog"): filtered,
// 20 rows a page, newest first.
import { type Static, Type as t } from "@sinclair/typebox";
import { and, count, desc, eq, exists, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import { operationLog, properties, propertyLog, rolePowers, users } from "../../db/schema";
import { USER_STATE } from "../../protocol/enumerations";
import { OPERATION_ACTIONS } from "../../protocol/operation-types";
import { LOG_PAGE_SIZE } from "../../protocol/limits";
import { page, refuseField } from "../../protocol/result";
import type { Ctx } from "../context";
import { idField, isoOf, pageIndex, timeOf } from "../shared/fields";
import { peopleOf } from "./people";

type Reads = Pick<Ctx, "db">;

/** Staff who may appear as an operator: everybody not left whose role holds any power, by employee number. */
export async function listManagers({ ctx }: { ctx: Reads }) {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(ne(users.state, USER_STATE.USER_STATE_LEFT), exists(ctx.db.select({ one: sql`1` }).from(rolePowers).where(eq(rolePowers.roleId, users.roleId)))))
    .orderBy(users.employees, users.id);
  const people = await peopleOf(ctx, rows.map((r) => r.id));
  return { list: rows.map((r) => people.get(r.id)!) };
}

const time = t.Optional(t.String({ maxLength: 40 }));
export const operationsInput = t.Object({ user: t.Optional(idField), operationer: t.Optional(idField), type: t.Optional(idField), start: time, end: time, index: pageIndex });
export type OperationsInput = Static<typeof operationsInput>;

const ACTION_OF_TYPE = (id: number): string | undefined => Object.entries(OPERATION_ACTIONS).find(([, a]) => a.id === id)?.[0];

const typeOf = (action: string) => {
  const a = OPERATION_ACTIONS[action];
  return a ? { id: a.id, nameZh: a.zh, nameEn: a.en } : { id: null, nameZh: action, nameEn: action };
};

/** /user/operation/operations: by the member concerned, the operator, the type and a time range. */
export async function listOperations({ ctx, input }: { ctx: Reads; input: OperationsInput }) {
  const where: SQL[] = [];
  if (input.user !== undefined) where.push(eq(operationLog.targetUserId, input.user));
  if (input.operationer !== undefined) where.push(eq(operationLog.userId, input.operationer));
  if (input.type !== undefined) {
    const action = ACTION_OF_TYPE(input.type);
    if (!action) refuseField("type");
    where.push(eq(operationLog.action, action));
  }
  const start = timeOf(input.start, "start");
  const end = timeOf(input.end, "end");
  if (start && end && end < start) refuseField("end");
  if (start) where.push(gte(operationLog.createdAt, start));
  if (end) where.push(lt(operationLog.createdAt, end));
  const filter = and(...where);
  const [total] = await ctx.db.select({ n: count() }).from(operationLog).where(filter);
  const p = page(input.index, total!.n, LOG_PAGE_SIZE);
  const rows = await ctx.db.select().from(operationLog).where(filter).orderBy(desc(operationLog.createdAt), desc(operationLog.id)).limit(p.size).offset(p.offset);
  const people = await peopleOf(ctx, rows.flatMap((r) => [r.userId, r.targetUserId]));
  const list = rows.map((r) => ({
    id: r.id,
    type: typeOf(r.action),
    date: isoOf(r.createdAt),
    operationer: r.userId === null ? null : (people.get(r.userId) ?? null),
    user: r.targetUserId === null ? null : (people.get(r.targetUserId) ?? null),
    entity: r.targetEntity,
    target: r.targetId,
    detail: r.detail,
    addr: r.ip,
  }));
  return { list, count: p.count, max: p.max, index: p.index };
}

/** /user/operation/propertylog: one member's changed values, old and new, with the operation that changed them. */
export async function listPropertyLog({ ctx, input }: { ctx: Reads; input: { user?: number; index?: number } }) {
  const filter = input.user === undefined ? undefined : eq(propertyLog.userId, input.user);
  const [total] = await ctx.db.select({ n: count() }).from(propertyLog).where(filter);
  const p = page(input.index, total!.n, LOG_PAGE_SIZE);
  const rows = await ctx.db
    .select({
      id: propertyLog.id,
      userId: propertyLog.userId,
      propertyId: propertyLog.propertyId,
      titleZh: properties.titleZh,
      titleEn: properties.titleEn,
      originValue: propertyLog.originValue,
      newValue: propertyLog.newValue,
      operatorId: propertyLog.operatorId,
      operationId: propertyLog.operationLogId,
      action: operationLog.action,
      createdAt: propertyLog.createdAt,
    })
    .from(propertyLog)
    .leftJoin(properties, eq(properties.id, propertyLog.propertyId))
    .leftJoin(operationLog, eq(operationLog.id, propertyLog.operationLogId))
    .where(filter)
    .orderBy(desc(propertyLog.createdAt), desc(propertyLog.id))
    .limit(p.size)
    .offset(p.offset);
  const people = await peopleOf(ctx, rows.flatMap((r) => [r.operatorId, r.userId]));
  const list = rows.map((r) => ({
    id: r.id,
    user: people.get(r.userId) ?? null,
    // A deleted property keeps its log rows; its name is then unknown.
    property: { id: r.propertyId, titleZh: r.titleZh ?? `#${r.propertyId}`, titleEn: r.titleEn ?? `#${r.propertyId}` },
    orignValue: r.originValue,
    newValue: r.newValue,
    operationLog: { id: r.operationId, type: r.action ? typeOf(r.action) : null, date: isoOf(r.createdAt), operationer: r.operatorId === null ? null : (people.get(r.operatorId) ?? null) },
  }));
  return { list, count: p.count, max: p.max, index: p.index };
}
