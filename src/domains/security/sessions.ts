// A member's signed-in sessions, as the security page lists them, and ending
// them (issue 31 item 2): one from another, or every one but this. A session
// is named to its owner by a digest of its id, never the id itself, which the
// signed calls carry.
import { createHash } from "node:crypto";
import { Type as t } from "@sinclair/typebox";
import { and, desc, eq, gt } from "drizzle-orm";
import { sessions } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { refuse, refuseField } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { isoOf } from "../shared/fields";
import { signOutOthers, signOutSession } from "../shared/sessions";
import { deviceOf } from "../shared/devices";

/** The name a session is shown under: not its id (a credential's half), a digest of it. */
export const sessionHandle = (sessionId: string) => createHash("sha256").update(sessionId).digest("hex").slice(0, 24);

export const sessionEndInput = t.Object({ id: t.String({ pattern: "^[0-9a-f]{24}$", maxLength: 24 }) });

async function signedInSessions(ctx: MemberCtx) {
  return ctx.db
    .select({ id: sessions.id, ip: sessions.ip, userAgent: sessions.userAgent, signedInAt: sessions.signedInAt, seenAt: sessions.seenAt, createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.userId, ctx.actor.id), gt(sessions.expiresAt, ctx.now)))
    .orderBy(desc(sessions.seenAt), desc(sessions.createdAt));
}

/** POST /user/session/list: the member's signed-in sessions, this one first, then the latest seen. */
export async function sessionList({ ctx }: { ctx: MemberCtx }) {
  const rows = await signedInSessions(ctx);
  const list = rows.map((r) => ({
    id: sessionHandle(r.id),
    ...deviceOf(r.userAgent),
    ip: r.ip,
    signedIn: isoOf(r.signedInAt ?? r.createdAt),
    // This one is being seen now; another, at its last call (to the minute).
    lastSeen: isoOf(r.id === ctx.session.id ? ctx.now : (r.seenAt ?? r.signedInAt ?? r.createdAt)),
    current: r.id === ctx.session.id,
  }));
  return { list: [...list.filter((s) => s.current), ...list.filter((s) => !s.current)] };
}

/** POST /user/session/end: signs one other session out, on every instance. This one is signed out with /client/login/logout. */
export async function endSession({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof sessionEndInput.static }) {
  if (input.id === sessionHandle(ctx.session.id)) refuseField("id", { reason: "current" });
  const session = (await signedInSessions(ctx)).find((r) => sessionHandle(r.id) === input.id);
  if (!session || !(await signOutSession(ctx, ctx.actor.id, session.id))) refuse("ERROR_RESULT_NULL");
  const device = deviceOf(session.userAgent);
  return { audit: { entity: "user", id: ctx.actor.id, userId: ctx.actor.id, detail: [device.browser, device.system, session.ip].filter(Boolean).join(" ") || null } };
}

/** POST /user/session/end-others: signs every other session of the member out, on every instance; answers how many. */
export async function endOtherSessions({ ctx }: { ctx: CommandCtx<MemberCtx> }) {
  const ended = await signOutOthers(ctx, ctx.actor.id);
  return { ended, audit: { entity: "user", id: ctx.actor.id, userId: ctx.actor.id, detail: String(ended) } };
}
