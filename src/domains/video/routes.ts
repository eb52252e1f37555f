// Activity videos (spec 2 section 7: /video/info answers a play
// authorisation). The embedded provider keeps videos in storage; the
// authorisation is a grant row, good for GRANT_MS, whose token is the only
// thing the play address carries: not the session, and valid on every
// instance of one database. A remote video service (its own playauth) comes
// with the providers.
import { randomBytes } from "node:crypto";
import { Type as t } from "@sinclair/typebox";
import { and, eq, gt } from "drizzle-orm";
import { activities, videoGrants } from "../../db/schema";
import { command, domain, download, type CommandCtx, type Download } from "../../http/kit";
import { refuse } from "../../protocol/result";
import { STORAGE_KEY } from "../../providers/storage";
import type { Ctx, MemberCtx } from "../context";
import { isoOf } from "../shared/fields";

/** How long a play address works: long enough to start watching, short enough to be useless when shared. */
export const GRANT_MS = 10 * 60_000;

const TYPES: Record<string, string> = { webm: "video/webm", mp4: "video/mp4" };
/** The content type of a stored video's key; null for anything that is not one. */
const videoType = (key: string): string | null => (STORAGE_KEY.test(key) ? (TYPES[key.split(".").pop()!] ?? null) : null);

async function videoInfo({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: string } }) {
  // Only a video an activity shows: the id is not a way to read anything else in storage.
  if (!videoType(input.id)) refuse("ERROR_RESULT_NULL");
  const [used] = await ctx.db.select({ id: activities.id }).from(activities).where(eq(activities.videoId, input.id)).limit(1);
  if (!used) refuse("ERROR_RESULT_NULL");
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(ctx.now.getTime() + GRANT_MS);
  await ctx.db.insert(videoGrants).values({ token, key: input.id, expiresAt });
  return { info: { videoId: input.id, playAuth: token, playURL: `/api/video/play?auth=${token}`, expires: isoOf(expiresAt) }, playauth: token };
}

async function playVideo({ ctx, input }: { ctx: Ctx; input: { auth: string } }): Promise<Download> {
  const [grant] = await ctx.db
    .select({ key: videoGrants.key })
    .from(videoGrants)
    .where(and(eq(videoGrants.token, input.auth), gt(videoGrants.expiresAt, ctx.now)));
  const bytes = grant ? await ctx.app.providers.storage.get(grant.key) : null;
  if (!grant || !bytes) refuse("ERROR_RESULT_NULL");
  return { body: bytes, type: videoType(grant.key)!, cache: "none" };
}

export const videoDomain = domain("video", [
  command("/video/info", { access: "user", input: t.Object({ id: t.String({ minLength: 1, maxLength: 80 }) }) }, videoInfo),
  download("/video/play", { access: "public", input: t.Object({ auth: t.String({ pattern: "^[A-Za-z0-9_-]{32}$", maxLength: 32 }) }) }, playVideo),
]);
