// The history of a member's own profile (issue 31 item 4, "see who changed
// what"): each change of a value, when, and whether they made it themselves,
// an officer (named by role, not by name) or an import. 20 a page, newest first.
import { Type as t } from "@sinclair/typebox";
import { alias } from "drizzle-orm/pg-core";
import { count, desc, eq } from "drizzle-orm";
import { operationLog, propertyLog, roles, users } from "../../db/schema";
import { LOG_PAGE_SIZE } from "../../protocol/limits";
import { page } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { isoOf, pageIndex } from "../shared/fields";
import { profileTexts } from "./value-texts";

export const historyInput = t.Object({ index: pageIndex });

const operators = alias(users, "operators");

/** Who made a change, as the member is told it. */
export type ChangedBy = { kind: "self" } | { kind: "import" } | { kind: "staff"; role: { nameZh: string; nameEn: string } | null };

/** The member's profile changes, newest first: a page of them, or all (the data export). */
export async function profileChanges(ctx: MemberCtx, paged?: { size: number; offset: number }) {
  const query = ctx.db
    .select({ log: propertyLog, action: operationLog.action, role: { nameZh: roles.nameZh, nameEn: roles.nameEn } })
    .from(propertyLog)
    .leftJoin(operationLog, eq(operationLog.id, propertyLog.operationLogId))
    .leftJoin(operators, eq(operators.id, propertyLog.operatorId))
    .leftJoin(roles, eq(roles.id, operators.roleId))
    .where(eq(propertyLog.userId, ctx.actor.id))
    .orderBy(desc(propertyLog.createdAt), desc(propertyLog.id))
    .$dynamic();
  const rows = await (paged ? query.limit(paged.size).offset(paged.offset) : query);
  const texts = await profileTexts(ctx);
  const byOf = (r: (typeof rows)[number]): ChangedBy => {
    if (r.action?.startsWith("member.import.")) return { kind: "import" };
    if (r.log.operatorId === ctx.actor.id) return { kind: "self" };
    return { kind: "staff", role: r.role?.nameZh ? { nameZh: r.role.nameZh, nameEn: r.role.nameEn } : null };
  };
  return rows.map((r) => ({
    id: r.log.id,
    property: { id: r.log.propertyId, ...texts.title(r.log.propertyId) },
    before: texts.value(r.log.propertyId, r.log.originValue),
    after: texts.value(r.log.propertyId, r.log.newValue),
    date: isoOf(r.log.createdAt),
    by: byOf(r),
  }));
}

/** POST /user/property/history: the member's own profile changes, 20 a page. */
export async function myProfileHistory({ ctx, input }: { ctx: MemberCtx; input: typeof historyInput.static }) {
  const [total] = await ctx.db.select({ n: count() }).from(propertyLog).where(eq(propertyLog.userId, ctx.actor.id));
  const p = page(input.index, Number(total!.n), LOG_PAGE_SIZE);
  return { list: await profileChanges(ctx, p), count: p.count, max: p.max, index: p.index };
}
