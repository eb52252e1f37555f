// The member's own account settings: language and the profile values.
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { isLanguage } from "../../protocol/enumerations";
import { refuseField } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { type ProfileInput, checkProfile, writeProfileValues } from "../shared/profile";
import { loadUserView } from "./user-view";

export async function setLanguage({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { language: number } }) {
  if (!isLanguage(input.language)) refuseField("language");
  const me = ctx.actor.id;
  await ctx.db.update(users).set({ language: input.language, updatedAt: ctx.now }).where(eq(users.id, me));
  return { user: await loadUserView(ctx, me), audit: { entity: "user", id: me, userId: me, detail: String(input.language) } };
}

/** /user/information/update: the member's own profile form. */
export async function updateInformation({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: ProfileInput }) {
  const me = ctx.actor.id;
  const { country, values } = await checkProfile(ctx, { userId: me, input });
  await ctx.db.update(users).set({ nationalityId: country.id, updatedAt: ctx.now }).where(eq(users.id, me));
  await writeProfileValues(ctx, { userId: me, operatorId: me, values });
  return { user: await loadUserView(ctx, me), audit: { entity: "user", id: me, userId: me } };
}
