// Received files: the kit has stored the bytes already (content-addressed,
// before the transaction); the verb records who uploaded what, and answers
// the path the portal serves it from.
import { files } from "../../db/schema";
import type { CommandCtx, Download, UploadedFile } from "../../http/kit";
import { FILE_TYPES } from "../../http/uploads";
import { refuse } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";


export const filePath = (key: string) => `/api/file/get?key=${key}`;

/** An address an image upload answered: what a stored `face` may hold (never an outside address or a script). */
export const isImagePath = (path: string): boolean => /^\/api\/file\/get\?key=[0-9a-f]{64}\.(png|jpg)$/.test(path);

export async function receiveImage({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { file: UploadedFile } }) {
  const { key, kind, name, size } = input.file;
  const [row] = await ctx.db
    .insert(files)
    .values({ key, type: FILE_TYPES[kind], name, size, userId: ctx.actor.id, createdAt: ctx.now })
    .returning({ id: files.id });
  // The file record of spec 2 section 3, for the editors that keep one (a cover's face).
  const file = { filePath: filePath(key), contentType: FILE_TYPES[kind], format: kind === "jpeg" ? "jpg" : kind, name };
  return { path: file.filePath, file, audit: { entity: "file", id: row!.id, detail: key } };
}

/** Public: the images of news and activities are shown to anyone who sees the page. */
export async function readFile({ ctx, input }: { ctx: Ctx; input: { key: string } }): Promise<Download> {
  const bytes = await ctx.app.providers.storage.get(input.key);
  if (!bytes) refuse("ERROR_RESULT_NULL");
  const type = input.key.endsWith(".png") ? FILE_TYPES.png : FILE_TYPES.jpeg;
  // The key is the content's hash: the same address never serves other bytes.
  return { body: bytes, type, cache: "immutable" };
}
