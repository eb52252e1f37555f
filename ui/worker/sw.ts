// The portal's service worker (docs/decisions.md 99), built by scripts/build.ts
// into /sw.js with this build's version and shell list. It keeps the build's
// files so the portal opens offline, and nothing else: no API answer, no
// download, nothing of a member (the last-seen lists are the page's own,
// ui/lib/kept-lists.ts, cleared at sign-out). A new build's worker takes over
// at once and deletes the older builds' caches.
import { CACHE_PREFIX, type Handling, handlingOf } from "./rules";

/** Replaced by the build: a hash of this build's file names. */
declare const __SW_VERSION__: string;
/** Replaced by the build: index.html, the files it names and what they import, the icons. */
declare const __SW_SHELL__: string[];

// The worker's own globals, without the WebWorker library (it clashes with DOM's in one tsconfig).
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type MessageEvent = ExtendableEvent & { data: unknown };
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
};
const worker = globalThis as unknown as WorkerScope;

const CACHE = `${CACHE_PREFIX}${__SW_VERSION__}`;
const SHELL_PAGE = "/index.html";

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // index.html asked past the HTTP cache: it is no-cache, and must be this build's.
      await cache.addAll(__SW_SHELL__.map((url) => new Request(url, url === SHELL_PAGE ? { cache: "no-cache" } : {})));
      // Taking over at once is safe: pages load with the network first, and the server has only the newest build's files anyway.
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_PAGE, { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

const ANSWER: Record<Exclude<Handling, null>, (request: Request) => Promise<Response>> = { page, asset };

worker.addEventListener("fetch", (event) => {
  const handling = handlingOf(event.request, worker.location.origin);
  if (handling) event.respondWith(ANSWER[handling](event.request));
});

// A page loaded before this worker controlled it names the built files it already has (ui/lib/pwa.ts): keep them too,
// so the pages a member opened before the worker started also open offline. Only this build's hashed files are taken.
worker.addEventListener("message", (event) => {
  const data = event.data as { keep?: unknown } | null;
  if (!data || !Array.isArray(data.keep)) return;
  const urls = data.keep.filter((url): url is string => typeof url === "string" && handlingOf({ url, method: "GET", mode: "no-cors" }, worker.location.origin) === "asset");
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(
        urls.map(async (url) => {
          if (await cache.match(url)) return;
          // A file of an older build is gone from the server (404): not kept.
          const response = await fetch(url).catch(() => null);
          if (response?.ok) await cache.put(url, response);
        }),
      );
    })(),
  );
});
