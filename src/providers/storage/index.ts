// Where uploaded files live. Only the key goes in the database; the kit
// stores a file before the command's transaction opens (a remote store is a
// network call), so a file that could not be stored leaves no row. Keys are
// content hashes, so storing twice is harmless. The local folder is the
// default; S3-compatible storage (s3.ts) when S3_BUCKET is set.
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface StorageProvider {
  readonly name: string;
  put(key: string, bytes: Uint8Array, type: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file (a departed member's upload, erased); a file not there is no error. Callers check no row names the key any more: keys are content hashes, shared by equal files. */
  delete(key: string): Promise<void>;
}

/** The store could not be reached or refused, after its tries (logged where it happened): the kit answers "busy, retry". */
export class StorageUnavailable extends Error {}

/** Keys the kit makes: a sha-256 in hex and an extension. Anything else never reaches the file system. */
export const STORAGE_KEY = /^[0-9a-f]{64}\.(png|jpg|xlsx|pdf|webm|mp4)$/;

/** The key a file of these bytes is kept under: its content hash, so the same address never serves other bytes. */
export function storageKeyOf(bytes: Uint8Array, kind: "png" | "jpeg" | "xlsx" | "pdf" | "webm" | "mp4"): string {
  const hash = new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
  return `${hash}.${kind === "jpeg" ? "jpg" : kind}`;
}

/** The embedded default: a folder (DATA_DIR/files). */
export function localStorage(dir: string): StorageProvider {
  return {
    name: "local",
    async put(key, bytes) {
      if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${key}`);
      await mkdir(dir, { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const temporary = join(dir, `.${key}.${process.pid}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, join(dir, key));
    },
    async get(key) {
      if (!STORAGE_KEY.test(key)) return null;
      try {
        return new Uint8Array(await readFile(join(dir, key)));
      } catch (error) {
        if ((error as { code?: string }).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      if (STORAGE_KEY.test(key)) await rm(join(dir, key), { force: true });
    },
  };
}
