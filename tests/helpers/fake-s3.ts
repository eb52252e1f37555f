// A local stand-in for S3 that checks requests as S3 does: AWS Signature V4
// in the Authorization header (access key, scope, region, time skew, the
// signature itself, and the payload hash when one is signed), path-style
// (/bucket/key) and virtual-hosted (bucket.host/key) addresses, S3's XML
// errors with their codes and statuses. Tests queue faults
// (500, 503, no answer) for the next requests, like a service having a bad
// minute.
//
//   const s3 = startFakeS3();
//   ... S3_ENDPOINT: s3.url, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId, ...
//   s3.fail("500", "hang");   // the next two requests
//   s3.stop();

import { createHash, createHmac, randomBytes } from "node:crypto";

export type Fault = "500" | "503" | "hang";
export type Seen = { method: string; key: string; status: number };

export type FakeS3 = ReturnType<typeof startFakeS3>;

export function startFakeS3(opts: { bucket?: string; region?: string } = {}) {
  const bucket = opts.bucket ?? "union-files";
  const region = opts.region ?? "cn-test-1";
  const accessKeyId = "AKTEST" + randomBytes(6).toString("hex").toUpperCase();
  const secretAccessKey = randomBytes(30).toString("base64");
  const objects = new Map<string, { bytes: Uint8Array<ArrayBuffer>; type: string; etag: string }>();
  const faults: Fault[] = [];
  const seen: Seen[] = [];
  const hanging = new Set<() => void>();

  const xmlError = (status: number, code: string, text: string, extra = "") =>
    new Response(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${text}</Message>${extra}<RequestId>${randomBytes(8).toString("hex").toUpperCase()}</RequestId></Error>`,
      { status, headers: { "content-type": "application/xml", server: "FakeS3" } },
    );

  /** Null when the request is signed as S3 wants it, else S3's refusal. */
  function checkSignature(request: Request, url: URL, body: Uint8Array): Response | null {
    const auth = request.headers.get("authorization");
    if (!auth) return xmlError(403, "AccessDenied", "Access Denied");
    const parts = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
    if (!parts) return xmlError(400, "AuthorizationHeaderMalformed", "The authorization header is malformed.");
    const [, keyId, day, scopeRegion, signedHeaders, signature] = parts as unknown as string[];
    if (keyId !== accessKeyId) return xmlError(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
    if (scopeRegion !== region) return xmlError(400, "AuthorizationHeaderMalformed", `The authorization header is malformed; the region '${scopeRegion}' is wrong; expecting '${region}'`);
    const amzDate = request.headers.get("x-amz-date") ?? "";
    const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!when || amzDate.slice(0, 8) !== day) return xmlError(403, "AccessDenied", "AWS authentication requires a valid Date or x-amz-date header");
    const at = Date.UTC(+when[1]!, +when[2]! - 1, +when[3]!, +when[4]!, +when[5]!, +when[6]!);
    if (Math.abs(Date.now() - at) > 15 * 60_000) return xmlError(403, "RequestTimeTooSkewed", "The difference between the request time and the current time is too large.");
    const payloadHash = request.headers.get("x-amz-content-sha256");
    if (!payloadHash) return xmlError(400, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256");
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== createHash("sha256").update(body).digest("hex")) {
      return xmlError(400, "XAmzContentSHA256Mismatch", "The provided 'x-amz-content-sha256' header does not match what was computed.");
    }
    const names = signedHeaders!.split(";");
    if (!names.includes("host") || !names.includes("x-amz-date")) return xmlError(403, "AccessDenied", "host and x-amz-date must be signed");
    const canonicalHeaders = names.map((n) => `${n}:${(request.headers.get(n) ?? "").trim().replace(/\s+/g, " ")}\n`).join("");
    const query = [...url.searchParams]
      .map(([k, v]) => [encode(k), encode(v)])
      .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    const canonical = [request.method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join("\n");
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, createHash("sha256").update(canonical).digest("hex")].join("\n");
    let key: Buffer = createHmac("sha256", `AWS4${secretAccessKey}`).update(day!).digest();
    for (const part of [region, "s3", "aws4_request"]) key = createHmac("sha256", key).update(part).digest();
    const expected = createHmac("sha256", key).update(toSign).digest("hex");
    if (expected !== signature) return xmlError(403, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided. Check your key and signing method.");
    return null;
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = new Uint8Array(await request.arrayBuffer());
    // Virtual-hosted: the bucket is the host's first label; else the path's first part.
    const host = (request.headers.get("host") ?? "").split(":")[0]!;
    const virtual = host.startsWith(`${bucket}.`);
    const path = decodeURIComponent(url.pathname.slice(1));
    const named = virtual ? bucket : path.split("/")[0]!;
    const key = virtual ? path : path.split("/").slice(1).join("/");
    const fault = faults.shift();
    if (fault === "hang") return new Promise<Response>((resolve) => hanging.add(() => resolve(new Response(null, { status: 500 }))));
    if (fault === "500") return xmlError(500, "InternalError", "We encountered an internal error. Please try again.");
    if (fault === "503") return xmlError(503, "SlowDown", "Please reduce your request rate.");
    const refused = checkSignature(request, url, body);
    if (refused) return refused;
    if (named !== bucket) return xmlError(404, "NoSuchBucket", "The specified bucket does not exist", `<BucketName>${named}</BucketName>`);
    if (request.method === "PUT" && key) {
      const etag = `"${createHash("md5").update(body).digest("hex")}"`;
      objects.set(key, { bytes: body, type: request.headers.get("content-type") ?? "binary/octet-stream", etag });
      return new Response(null, { headers: { etag } });
    }
    if (request.method === "GET" && key) {
      const object = objects.get(key);
      if (!object) return xmlError(404, "NoSuchKey", "The specified key does not exist.", `<Key>${key}</Key>`);
      return new Response(object.bytes, { headers: { "content-type": object.type, etag: object.etag } });
    }
    return xmlError(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
  }

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const answer = await handle(request);
      const url = new URL(request.url);
      seen.push({ method: request.method, key: url.pathname, status: answer.status });
      return answer;
    },
  });

  return {
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    /** Path-style endpoint. */
    url: `http://127.0.0.1:${server.port}`,
    /** Virtual-hosted endpoint: the bucket is the host name's first label (*.localhost is the loopback). */
    virtualUrl: `http://${bucket}.localhost:${server.port}`,
    objects,
    /** Requests answered so far (a hanging one is counted when it is let go). */
    seen,
    /** The next requests fail so, one fault each, before any check. */
    fail: (...next: Fault[]) => faults.push(...next),
    /** Drops faults a test queued and did not use, so a failing test does not fail the next. */
    clearFaults: () => (faults.length = 0),
    /** The settings an app needs to use this bucket (extra ones laid over). */
    env: (extra: Record<string, string> = {}) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${server.port}`,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      ...extra,
    }),
    stop() {
      for (const release of hanging) release();
      hanging.clear();
      server.stop(true);
    },
  };
}

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
