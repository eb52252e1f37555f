// Uploads: one signed multipart part named `file` (and, where the route
// names them, a few text fields checked by its schema), its size limited per
// route, its type read from the bytes (never the name), kept by the storage
// provider under a content-addressed key before the command's transaction
// (storage may be a network call; a retry stores nothing twice).
import { refuse, refuseField } from "../protocol/result";
import type { StorageProvider } from "../providers/storage";
import { storageKeyOf } from "../providers/storage";
import type { FileKind, RouteDef, UploadedFile } from "./kit";

export const FILE_TYPES: Record<FileKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

/** Room for the multipart framing around an uploaded file. */
export const MULTIPART_OVERHEAD = 16 * 1024;

/** The file type from its first bytes, never from its name. */
export function sniff(bytes: Uint8Array): FileKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  // "%PDF-": a proof of employment (issue 32).
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "pdf";
  // An xlsx is a zip whose entries name the workbook part.
  if (starts(0x50, 0x4b, 0x03, 0x04) && Buffer.from(bytes.subarray(0, Math.min(bytes.length, 64 * 1024))).includes("xl/")) return "xlsx";
  return null;
}

type Received = { bytes: Uint8Array; kind: FileKind; name: string; fields: Record<string, string> };

/** Text fields beside the file: more than any route names is not an upload of ours. */
const MAX_FIELDS = 8;

/** The one part named `file`, its type read from the bytes; the other parts are text fields, each once. A refusal names the part. */
async function fileOf(def: RouteDef, limit: number, contentType: string, body: Uint8Array): Promise<Received> {
  // A part's name is the sender's: told back no longer than any of ours.
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType } }).formData();
  } catch {
    refuseField("".slice(0, 64), { reason: "format" });
  }
  const keys = [...form.keys()];
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice !== undefined) refuseField(twice.slice(0, 64), { reason: "type" });
  const file = form.get("file");
  if (file === null) refuseField("file".slice(0, 64), { reason: "missing" });
  if (!(file instanceof Blob)) refuseField("file".slice(0, 64), { reason: "type" });
  if (keys.length > MAX_FIELDS + 1) refuseField(keys[MAX_FIELDS + 1]!.slice(0, 64), { reason: "unknown" });
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (key === "file") continue;
    if (typeof value !== "string") refuseField(key.slice(0, 64), { reason: "type" });
    fields[key] = value;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The file's own size and type are told apart from a malformed form: no field, so a form shows them as a file's problem.
  if (bytes.length === 0 || bytes.length > limit) refuse("ERROR_PARAMS", { reason: "size", max: limit });
  const kind = sniff(bytes);
  if (!kind || !def.files?.includes(kind)) refuse("ERROR_PARAMS", { reason: "type", types: def.files });
  const name = (file as File).name ?? "";
  return { bytes, kind, name: name.isWellFormed() ? name.replaceAll("\0", "").slice(0, 200) : "", fields };
}

/**
 * The uploaded file, checked and stored, and the text fields (checked by the
 * route's schema before the file is stored): the input of an upload's verb.
 */
export async function receiveFile(
  storage: StorageProvider,
  def: RouteDef,
  limit: number,
  contentType: string,
  body: Uint8Array,
  checkFields: (fields: Record<string, string>) => void,
): Promise<{ file: UploadedFile }> {
  const { bytes, kind, name, fields } = await fileOf(def, limit, contentType, body);
  checkFields(fields);
  const key = storageKeyOf(bytes, kind);
  await storage.put(key, bytes, FILE_TYPES[kind]);
  return { ...fields, file: { key, kind, name, size: bytes.length, bytes } };
}
