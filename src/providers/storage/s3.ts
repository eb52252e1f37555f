// Files on S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Aliyun
// OSS, Tencent COS...) through Bun's own client, which signs every request
// with AWS Signature V4. Bun tries each call once and takes no abort signal,
// so the tries and the time limit are ours: a 5xx, a dropped connection or no
// answer in time is tried again (3 tries); a refusal (credentials, rights, no
// such bucket) is not, since trying again cannot change it, and says which
// setting to check. Every way of failing ends in StorageUnavailable, which
// the kit answers "busy, retry"; a missing object is null, never an error.
import { S3Client } from "bun";
import type { Config } from "../../config";
import { STORAGE_KEY, StorageUnavailable, type StorageProvider } from ".";
import { log } from "../../log";
import { TimedOut, withTimeout } from "../../timeout";

export type S3Settings = NonNullable<Config["storage"]["s3"]>;

const TRIES = 3;

/** What S3 answers when it will not do it however often it is asked: told once, never tried again. */
const REFUSALS: Record<string, string> = {
  InvalidAccessKeyId: "check S3_ACCESS_KEY_ID",
  SignatureDoesNotMatch: "check S3_SECRET_ACCESS_KEY",
  AccessDenied: "check the key's rights on the bucket (s3:GetObject, s3:PutObject)",
  AllAccessDisabled: "the bucket's owner has turned access off",
  AccountProblem: "the storage account is suspended",
  NoSuchBucket: "check S3_BUCKET",
  InvalidBucketName: "check S3_BUCKET",
  PermanentRedirect: "the bucket is in another region: check S3_REGION and S3_ENDPOINT",
  AuthorizationHeaderMalformed: "check S3_REGION",
  RequestTimeTooSkewed: "this machine's clock is off by more than 15 minutes",
  InvalidRequest: "the service refused the request as written: check S3_ENDPOINT and S3_VIRTUAL_HOSTED",
};

/** The error's S3 code (Bun's S3Error carries it; it has no HTTP status), or a word for what happened. */
const codeOf = (error: unknown): string =>
  error instanceof TimedOut ? "Timeout" : String((error as { code?: unknown })?.code ?? (error as Error)?.name ?? "Error");

export function s3Storage(settings: S3Settings, opts: { firstRetryMs?: number } = {}): StorageProvider {
  const client = new S3Client({
    bucket: settings.bucket,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.region ? { region: settings.region } : {}),
    virtualHostedStyle: settings.virtualHostedStyle,
  });
  const where = `s3://${settings.bucket}/${settings.prefix}`;
  const firstRetryMs = opts.firstRetryMs ?? 200;

  /** One call with its tries; `missing` turns "no such key" into an answer. */
  async function attempt<T>(what: string, key: string, call: () => Promise<T>, missing?: T): Promise<T> {
    for (let tried = 1; ; tried++) {
      try {
        // A call past its time is left to finish on its own (Bun's S3 calls cannot be aborted); its answer is ignored.
        return await withTimeout(call(), settings.timeoutMs);
      } catch (error) {
        const code = codeOf(error);
        if (code === "NoSuchKey" && missing !== undefined) return missing;
        const said = error instanceof TimedOut ? error.message : `${code}: ${(error as Error)?.message ?? error}`;
        const refusal = REFUSALS[code] ?? (code.startsWith("ERR_S3_") ? "check the S3_ settings" : null);
        if (refusal) {
          log.error(`storage: ${where} refused ${what} ${key}: ${said} (${refusal})`);
          throw new StorageUnavailable(`${what} refused: ${code}`);
        }
        if (tried >= TRIES) {
          log.error(`storage: ${what} ${key} at ${where} failed ${TRIES} times, the last: ${said}`);
          throw new StorageUnavailable(`${what} failed: ${code}`);
        }
        log.warn(`storage: ${what} ${key} at ${where} failed (${said}); try ${tried + 1} of ${TRIES} follows`);
        await Bun.sleep(firstRetryMs * 2 ** (tried - 1));
      }
    }
  }

  return {
    name: "s3",
    async put(key, bytes, type) {
      if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${key}`);
      // One PUT whatever the size (uploads stop at 10 MB; Bun turns to a multipart upload only for its streaming writer).
      await attempt("put", key, () => client.write(settings.prefix + key, bytes, { type }));
    },
    async get(key) {
      if (!STORAGE_KEY.test(key)) return null;
      return attempt("get", key, () => client.file(settings.prefix + key).bytes(), null);
    },
    async delete(key) {
      if (!STORAGE_KEY.test(key)) return;
      await attempt("delete", key, () => client.delete(settings.prefix + key), undefined);
    },
  };
}
