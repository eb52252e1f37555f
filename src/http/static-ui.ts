// The built single-page app (scripts/build.ts): files from the UI folder,
// index.html for every route of the route table. Each text file has a brotli
// (.br) and a gzip (.gz) copy made at build time, sent as the browser's
// Accept-Encoding allows.
import { existsSync, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { Elysia } from "elysia";

/**
 * What a page may load and run (issue 31 item 3): scripts from the portal
 * alone, never inline nor eval'd ('wasm-unsafe-eval' lets the check-in
 * camera's QR reader compile its WebAssembly, which is not script), every
 * file, image and video through the portal's own calls (files in S3 too),
 * connections to the portal only (and to the page's own blob: objects, an
 * image it made and reads back). Styles allow inline attributes: React
 * and the editor set them, and a style runs no script.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** The check-in page reads tickets with the camera; no other page may ask for it (nor for the microphone or the location). */
export const CHECK_IN_PATH = "/activity/checkin";
const permissionsFor = (path: string) => `camera=${path === CHECK_IN_PATH ? "(self)" : "()"}, microphone=(), geolocation=(), payment=()`;

/** A year: once a browser has seen the portal over TLS it never asks it in plain HTTP again. */
const HSTS = "max-age=31536000";

// A portal page has no business inside another site's frame or sniffed as another type.
const PAGE_HEADERS = { "x-content-type-options": "nosniff", "x-frame-options": "DENY", "referrer-policy": "same-origin", "content-security-policy": CONTENT_SECURITY_POLICY };
/** A content hash in the name (scripts/build.ts: the chunks, stylesheets, icons and the scanner's wasm): the file never changes, so browsers keep it a year. */
const HASHED = /\.[0-9a-z]{8,}\.(js|css|png|wasm)$/;
const IMMUTABLE = "public, max-age=31536000, immutable";
/** The server's preference, best first; identity is always possible. */
const ENCODINGS = [
  { coding: "br", suffix: ".br" },
  { coding: "gzip", suffix: ".gz" },
] as const;

type Coding = (typeof ENCODINGS)[number]["coding"];

/**
 * The codings an Accept-Encoding header allows, of those we have. A coding is
 * refused by `q=0`, named or through `*`; the client's other weights do not
 * change our order (br is smaller than gzip for every file we serve).
 */
export function acceptedCodings(header: string | null): Set<Coding> {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number.parseFloat(q.slice(2)) : 1;
    weights.set(name === "x-gzip" ? "gzip" : name, Number.isNaN(weight) ? 0 : weight);
  }
  const accepted = new Set<Coding>();
  for (const { coding } of ENCODINGS) if ((weights.get(coding) ?? weights.get("*") ?? 0) > 0) accepted.add(coding);
  return accepted;
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The file in its best accepted encoding, with the headers that describe it. */
function sendFile(file: string, acceptEncoding: string | null, cacheControl: string, extra: Record<string, string> = {}): Response {
  const accepted = acceptedCodings(acceptEncoding);
  const chosen = ENCODINGS.find(({ coding, suffix }) => accepted.has(coding) && isFile(file + suffix));
  const body = Bun.file(chosen ? file + chosen.suffix : file);
  const headers: Record<string, string> = {
    ...PAGE_HEADERS,
    // The type of what the bytes decode to, not of the .br or .gz file.
    "content-type": Bun.file(file).type,
    "content-length": String(body.size),
    "cache-control": cacheControl,
    // Caches must keep one copy per encoding.
    vary: "Accept-Encoding",
    ...extra,
  };
  if (chosen) headers["content-encoding"] = chosen.coding;
  return new Response(body, { headers });
}

const notFound = () => new Response("Not found", { status: 404, headers: { "cache-control": "no-store" } });

/** `tls`: the operator says the portal is reached over TLS (PUBLIC_URL is https), so pages carry Strict-Transport-Security. */
export function staticUi(dir: string, opts: { tls: boolean }) {
  const root = resolve(dir);
  const strict: Record<string, string> = opts.tls ? { "strict-transport-security": HSTS } : {};
  const index = join(root, "index.html");
  return new Elysia({ name: "ui" }).get("/*", ({ path, request }) => {
    if (path.startsWith("/api/")) return notFound();
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return notFound();
    }
    const file = normalize(join(root, decoded));
    // With the separator: dist/ui-sourcemaps starts with dist/ui too.
    const inside = file.startsWith(root + sep);
    // Only the built files themselves: their compressed copies are chosen by Accept-Encoding, never named.
    const served = inside && !/\.(br|gz|map)$/.test(file) && isFile(file);
    // Everything else is asked again each time: index.html, the manifests, and /sw.js, whose every byte the browser
    // compares to find a new build's worker (at the root, so its scope is the whole portal with no Service-Worker-Allowed).
    if (served) return sendFile(file, request.headers.get("accept-encoding"), HASHED.test(file) ? IMMUTABLE : "no-cache", strict);
    // A file that is not there (an old chunk after a deploy, a source map) is 404, not the app's page in its place.
    if (inside && extname(decoded)) return notFound();
    if (!isFile(index)) return new Response("The UI is not built: run `bun scripts/build.ts`.", { status: 503 });
    // The page of a route: what it may use of the device is decided by the address it was loaded at.
    return sendFile(index, request.headers.get("accept-encoding"), "no-cache", { ...strict, "permissions-policy": permissionsFor(path) });
  });
}
