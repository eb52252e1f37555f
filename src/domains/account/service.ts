// The member's own account settings that the foundation needs: language.
import { eq } from "drizzle-orm";
import { operationLog, users } from "../../db/schema";
import type { Ctx } from "../../http/context";
import { DomainError } from "../../protocol/result";
import { LANGUAGE } from "../../protocol/types";
import { loadUserView } from "./user-view";

const LANGUAGE_IDS = new Set<number>(Object.values(LANGUAGE));

export async function setLanguage({ ctx, input }: { ctx: Ctx; input: { language: number } }) {
  if (!LANGUAGE_IDS.has(input.language)) throw new DomainError("ERROR_PARAMS", { field: "language" });
  const actor = ctx.actor!;
  return ctx.transaction(async (tx) => {
    await tx.db.update(users).set({ language: input.language, updatedAt: ctx.now }).where(eq(users.id, actor.id));
    await tx.db.insert(operationLog).values({
      userId: actor.id,
      targetUserId: actor.id,
      action: "account.language",
      detail: String(input.language),
      ip: ctx.ip,
      createdAt: ctx.now,
    });
    return { user: await loadUserView(tx.db, actor.id) };
  });
}
