// The one API client: used by the browser (ui/api), scripts/api.ts, tests and
// benchmarks. Isomorphic: fetch and the crypto backend are passed in.

import { fromBase64Url, toBase64Url } from "./bytes";
import {
  type CryptoBackend,
  ENVELOPE,
  type SessionKeys,
  deriveSessionKeys,
  openJson,
  responseAad,
  signRequest,
} from "./envelope";
import type { Answer } from "./result";

/** `skew`: how far the server's clock is ahead of this device's, in ms (a phone's clock may be wrong). */
export type SavedSession = { tokenId: string; encKey: string; macKey: string; expires: number; skew?: number };

export type ClientOptions = {
  baseUrl: string;
  backend: CryptoBackend;
  appId: string;
  fetch?: typeof fetch;
  /** Keeps the session across page reloads (the browser passes localStorage). */
  store?: { load(): SavedSession | null; save(session: SavedSession | null): void };
  now?: () => number;
};

/** Raised for transport failures; protocol refusals come back as answers. */
export class TransportError extends Error {}

export class ApiClient {
  private keys: (SessionKeys & { expires: number }) | null = null;
  private readonly fetcher: typeof fetch;
  private readonly localNow: () => number;
  /** The server's clock as this client best knows it: stamps must be within a minute of it. */
  private skew = 0;
  private starting: Promise<void> | null = null;
  /** Called when the server forgot our token and a new one was made: the user is signed out. */
  onNewSession: (() => void) | null = null;

  constructor(private readonly opts: ClientOptions) {
    this.fetcher = opts.fetch ?? fetch.bind(globalThis);
    this.localNow = opts.now ?? Date.now;
    const saved = opts.store?.load();
    this.skew = saved?.skew ?? 0;
    if (saved && saved.expires > this.now()) {
      this.keys = {
        tokenId: saved.tokenId,
        encKey: fromBase64Url(saved.encKey),
        macKey: fromBase64Url(saved.macKey),
        expires: saved.expires,
      };
    }
  }

  private now(): number {
    return this.localNow() + this.skew;
  }

  /** Learns the server's time from an answer that carries it, so a device with a wrong clock can still sign. */
  private syncClock(serverNow: unknown): boolean {
    if (typeof serverNow !== "number" || !Number.isFinite(serverNow)) return false;
    this.skew = serverNow - this.localNow();
    return true;
  }

  get tokenId(): string | null {
    return this.keys?.tokenId ?? null;
  }

  get hasSession(): boolean {
    return this.keys !== null;
  }

  /** GET /system/token: ECDH against the server's key, so no secret ships in the bundle. */
  async startSession(): Promise<void> {
    this.starting ??= (async () => {
      const { backend, appId } = this.opts;
      const pair = await backend.ecdhKeyPair();
      const url = `${this.opts.baseUrl}/api/system/token?app_id=${encodeURIComponent(appId)}&public_key=${toBase64Url(pair.publicKey)}`;
      const res = await this.fetcher(url, { method: "GET" });
      const answer = (await res.json()) as Answer<{ token_id: string; public_key: string; expires: number; now: number }>;
      if (answer.message?.id !== 0 || !answer.token_id || !answer.public_key || !answer.expires) {
        throw new TransportError(`token refused: ${answer.message?.code ?? res.status}`);
      }
      this.syncClock(answer.now);
      const shared = await pair.agree(fromBase64Url(answer.public_key));
      const { encKey, macKey } = await deriveSessionKeys(backend, shared, appId);
      this.keys = { tokenId: answer.token_id, encKey, macKey, expires: answer.expires };
      this.opts.store?.save({
        tokenId: answer.token_id,
        encKey: toBase64Url(encKey),
        macKey: toBase64Url(macKey),
        expires: answer.expires,
        skew: this.skew,
      });
    })().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  forgetSession(): void {
    this.keys = null;
    this.opts.store?.save(null);
  }

  /** One signed, encrypted call. A token the server no longer knows is renewed once. */
  async call<T = {}>(path: string, payload: unknown = {}): Promise<Answer<T>> {
    if (!this.keys) await this.startSession();
    else if (this.keys.expires <= this.now()) await this.renewSession();
    const first = await this.send<T>(path, payload);
    if (first.message?.code === "ERROR_PARAMS" && first.message.params?.reason === "token") {
      await this.renewSession();
      return this.send<T>(path, payload);
    }
    // This device's clock is off by more than a minute: the refusal says the server's time; sign again by it.
    if (first.message?.code === "ERROR_PARAMS" && first.message.params?.reason === "stale" && this.syncClock(first.message.params.now)) {
      return this.send<T>(path, payload);
    }
    return first;
  }

  /** A new token replaces one the server has forgotten; whoever was signed in on it is not any more. */
  private async renewSession(): Promise<void> {
    this.forgetSession();
    await this.startSession();
    this.onNewSession?.();
  }

  private async send<T>(path: string, payload: unknown): Promise<Answer<T>> {
    const keys = this.keys!;
    const fullPath = `/api${path}`;
    const req = await signRequest(this.opts.backend, keys, { method: "POST", path: fullPath, payload, nowMs: this.now() });
    let res: Response;
    try {
      res = await this.fetcher(`${this.opts.baseUrl}${fullPath}?${req.query}`, {
        method: "POST",
        headers: { "content-type": ENVELOPE.contentType },
        body: req.body as Uint8Array<ArrayBuffer>,
      });
    } catch (error) {
      throw new TransportError(`network error on ${path}: ${(error as Error).message}`);
    }
    return this.answerOf<T>(res, keys, req.nonce, path);
  }

  /** A sealed answer, or a plain JSON refusal the envelope gave before it trusted the request. */
  private async answerOf<T>(res: Response, keys: SessionKeys, nonce: string, path: string): Promise<Answer<T>> {
    const type = res.headers.get("content-type") ?? "";
    if (type.startsWith(ENVELOPE.contentType)) {
      const bytes = new Uint8Array(await res.arrayBuffer());
      return (await openJson(this.opts.backend, keys.encKey, bytes, responseAad(nonce))) as Answer<T>;
    }
    if (type.startsWith("application/json")) return (await res.json()) as Answer<T>;
    throw new TransportError(`unexpected answer ${res.status} on ${path}`);
  }

  /** One signed multipart upload (part `file`, and the route's text fields); the answer is sealed like any other. */
  async upload<T = {}>(path: string, file: Blob, name = "upload", fields: Record<string, string> = {}): Promise<Answer<T>> {
    if (!this.keys || this.keys.expires <= this.now()) await this.startSession();
    const keys = this.keys!;
    const form = new FormData();
    form.append("file", file, name);
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const framed = new Response(form);
    // Read the boundary before the body: some runtimes drop the header once the body is consumed.
    const type = framed.headers.get("content-type") ?? "";
    const raw = new Uint8Array(await framed.arrayBuffer());
    const fullPath = `/api${path}`;
    const req = await signRequest(this.opts.backend, keys, { method: "POST", path: fullPath, nowMs: this.now(), raw });
    const res = await this.fetcher(`${this.opts.baseUrl}${fullPath}?${req.query}`, {
      method: "POST",
      headers: { "content-type": type },
      body: raw as Uint8Array<ArrayBuffer>,
    });
    return this.answerOf<T>(res, keys, req.nonce, path);
  }

  /** A signed GET address for images and downloads (the image code, QR tickets, exports). */
  async signedUrl(path: string, params: Record<string, string> = {}): Promise<string> {
    if (!this.keys || this.keys.expires <= this.now()) await this.startSession();
    const fullPath = `/api${path}`;
    const req = await signRequest(this.opts.backend, this.keys!, { method: "GET", path: fullPath, nowMs: this.now(), extra: params });
    return `${this.opts.baseUrl}${fullPath}?${req.query}`;
  }

  /**
   * A signed GET download (an export, an import's feedback table): the file
   * with the name the server gave it, or the sealed refusal it answered instead.
   */
  async download<T = {}>(path: string, params: Record<string, string> = {}): Promise<{ file: Blob; name: string | null } | { answer: Answer<T> }> {
    if (!this.keys || this.keys.expires <= this.now()) await this.startSession();
    const keys = this.keys!;
    const fullPath = `/api${path}`;
    const req = await signRequest(this.opts.backend, keys, { method: "GET", path: fullPath, nowMs: this.now(), extra: params });
    let res: Response;
    try {
      res = await this.fetcher(`${this.opts.baseUrl}${fullPath}?${req.query}`, { method: "GET" });
    } catch (error) {
      throw new TransportError(`network error on ${path}: ${(error as Error).message}`);
    }
    const type = res.headers.get("content-type") ?? "";
    if (type.startsWith(ENVELOPE.contentType) || type.startsWith("application/json")) return { answer: await this.answerOf<T>(res, keys, req.nonce, path) };
    if (!res.ok) throw new TransportError(`unexpected answer ${res.status} on ${path}`);
    const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get("content-disposition") ?? "")?.[1];
    return { file: await res.blob(), name: name ? decodeURIComponent(name) : null };
  }

  /** Fetches a signed GET (the image code, a QR ticket, a download). */
  async get(path: string, params: Record<string, string> = {}): Promise<Response> {
    return this.fetcher(await this.signedUrl(path, params));
  }
}
