// What the service worker (./sw.ts) answers itself, kept apart from the worker
// so a unit test reads it (tests/unit/sw-rules.test.ts). Everything not named
// here goes to the network as if there were no worker: the API (POST, signed
// and sealed per request, answers that must never be kept), the signed
// downloads and images, the sandbox's payment pages, uploaded files, the
// manifests and the worker script itself.

/** A built file whose name carries its content hash (scripts/build.ts): it never changes, so a kept copy is always right. */
export const HASHED_FILE = /^\/[\w-]+\.[0-9a-z]{8,}\.(js|css|png)$/;

/** Paths the worker never answers, even for a page load: the API and its downloads, and the payment pages. */
const NEVER = /^\/(api|pay)(\/|$)/;

export type Handling =
  /** A page load: the network first, this build's index.html when the network fails. */
  | "page"
  /** A hashed file: the kept copy first, else the network, and kept. */
  | "asset"
  /** Not the worker's business: the browser does what it would without one. */
  | null;

export function handlingOf(request: { url: string; method: string; mode: string }, origin: string): Handling {
  if (request.method !== "GET") return null;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if (url.origin !== origin || NEVER.test(url.pathname)) return null;
  if (request.mode === "navigate") return "page";
  if (HASHED_FILE.test(url.pathname) && url.search === "") return "asset";
  return null;
}

/** The caches of every build start with this; a build's own adds its version. */
export const CACHE_PREFIX = "up-shell-";
