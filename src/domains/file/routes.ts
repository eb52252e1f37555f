// Images for covers and rich text (spec 2 section 7: "/upload/image",
// multipart, signed; spec 3: "/file/upload/image"), and the public address
// they are read from. Only JPEG and PNG, read from the bytes.
import { Type as t } from "@sinclair/typebox";
import { domain, download, upload } from "../../http/kit";
import { readFile, receiveImage } from "./service";

/**
 * Images only: a spreadsheet (an uploaded import, an export sent by mail) holds members' data and is read only
 * through the signed download of the power that made it; a video plays only through a grant (src/domains/video).
 */
const FILE_KEY = "^[0-9a-f]{64}\\.(png|jpg)$";

/** Editors of activities and of news upload images; nobody else. */
const EDITORS = ["FUNCTION_ACTIVITY_EDIT", "FUNCTION_NEWS_EDIT"] as const;
/** Covers and icons: also whoever edits modules (their icon and carousel image). */
const COVER_EDITORS = [...EDITORS, "FUNCTION_ACTIVITY_MODULE_OPERATION"] as const;

export const fileDomain = domain("file", [
  // Covers, group and gift images: 10,000,000 bytes (spec 1 section 9).
  upload("/file/upload/image", { access: COVER_EDITORS, maxBytes: 10_000_000, files: ["png", "jpeg"], audit: "file.upload" }, receiveImage),
  // Images inside rich text: 2 MB (spec 2 section 9).
  upload("/upload/image", { access: EDITORS, maxBytes: 2 * 1024 * 1024, files: ["png", "jpeg"], audit: "file.upload" }, receiveImage),
  download("/file/get", { access: "public", input: t.Object({ key: t.String({ pattern: FILE_KEY, maxLength: 80 }) }) }, readFile),
]);
