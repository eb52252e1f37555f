// The one API client of the browser (ARCHITECTURE section 2): an ApiClient on
// the same origin, crypto.subtle where the page is a secure context and the
// pure-JS @noble backend on plain http (a LAN address has no crypto.subtle).
import type { AnswerOf, ApiPath, InputOf } from "../../src/domains/api";
import { ApiClient, type SavedSession, TransportError } from "../../src/protocol/client";
import { type Answer, message } from "../../src/protocol/result";
import { track } from "../state/loading";
import { markReachable, markUnreachable } from "../state/network";
import type { CryptoBackend } from "../../src/protocol/envelope";
import { subtleAvailable, subtleBackend } from "./crypto-subtle";

export const APP_ID = "union-portal-web";
const SESSION_KEY = "up.session";

const sessionStore = {
  load(): SavedSession | null {
    try {
      const raw = localStorage.getItem(SESSION_KEY);
      return raw ? (JSON.parse(raw) as SavedSession) : null;
    } catch {
      return null;
    }
  },
  save(session: SavedSession | null) {
    if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else localStorage.removeItem(SESSION_KEY);
  },
};

/**
 * The @noble backend, fetched as its own chunk the first time it is used:
 * only pages on plain http (no crypto.subtle) pay for it.
 */
function lazyNobleBackend(): CryptoBackend {
  let loaded: Promise<CryptoBackend> | null = null;
  const noble = () => (loaded ??= import("./crypto-noble").then((m) => m.nobleBackend));
  return {
    name: "noble",
    randomBytes: (length) => globalThis.crypto.getRandomValues(new Uint8Array(length)),
    sha256: async (data) => (await noble()).sha256(data),
    hmacSha256: async (key, data) => (await noble()).hmacSha256(key, data),
    aesGcmSeal: async (key, iv, plaintext, aad) => (await noble()).aesGcmSeal(key, iv, plaintext, aad),
    aesGcmOpen: async (key, iv, sealed, aad) => (await noble()).aesGcmOpen(key, iv, sealed, aad),
    ecdhKeyPair: async () => (await noble()).ecdhKeyPair(),
  };
}

/** fetch, telling the network state whether the server answered (any answer) or could not be reached. */
const watchedFetch: typeof fetch = Object.assign(
  (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) =>
    fetch(input, init).then(
      (response) => {
        markReachable();
        return response;
      },
      (error: unknown) => {
        markUnreachable();
        throw error;
      },
    ),
  { preconnect: fetch.preconnect },
);

const client = new ApiClient({
  baseUrl: "",
  fetch: watchedFetch,
  appId: APP_ID,
  backend: subtleAvailable() ? subtleBackend : lazyNobleBackend(),
  store: sessionStore,
});

type Listener = () => void;
const signedOutListeners = new Set<Listener>();
const signedOut = () => signedOutListeners.forEach((listener) => listener());

// The server forgot our token and the client made a new one: nobody is signed in on it.
client.onNewSession = signedOut;

/** A staff call refused for want of a second factor (ERROR_SECOND_FACTOR_ENROL): the deadline passed since the user view was read. */
const factorListeners = new Set<Listener>();
/** What every answer tells the listeners: signed out, or a second factor missing. */
function heard(code: string | undefined) {
  if (code === "ERROR_LOGIN_CODE") signedOut();
  else if (code === "ERROR_SECOND_FACTOR_ENROL") factorListeners.forEach((listener) => listener());
}

/** A failure to reach the server, answered like any other result so every caller has one path. */
// Every field but message is optional in an answer, so a bare message is an Answer<T> for any T.
const unreachable = <T>(): Answer<T> => ({ message: message("ERROR_SERVER", { reason: "network" }) }) as Answer<{}> as Answer<T>;

/** The routes that take a file (uploads) and those that answer one (signed downloads), from the route table. */
export type UploadPath = { [P in ApiPath]: InputOf<P> extends Blob ? P : never }[ApiPath];
type DownloadPath = { [P in ApiPath]: AnswerOf<P> extends Blob ? (InputOf<P> extends Blob ? never : P) : never }[ApiPath];

export const api = {
  get tokenId(): string | null {
    return client.tokenId;
  },

  /** Obtains a token when there is none (or it expired). Throws TransportError when the server can't be reached. */
  async ensureSession(): Promise<void> {
    if (!client.hasSession) await track(client.startSession());
  },

  /**
   * One signed, encrypted call; the loading overlay shows while it runs. Typed
   * from the route table: the path decides what it takes and what it answers.
   */
  async call<P extends ApiPath, T = AnswerOf<P>>(path: P, ...[payload]: {} extends InputOf<P> ? [InputOf<P>?] : [InputOf<P>]): Promise<Answer<T>> {
    let answer: Answer<T>;
    try {
      answer = await track(client.call<T>(path, payload ?? {}));
    } catch (error) {
      // TransportError, a failed fetch or an answer that is not an envelope: the server can't be reached properly.
      console.error(error);
      return unreachable<T>();
    }
    // The token is known but no one is signed in on it (signed out elsewhere, or expired); or a staff call needs a second factor first.
    heard(answer.message?.code);
    return answer;
  },

  /** The same call without the loading overlay: a poll in the background (the check-in counts) that must not cover the page. */
  async quietCall<P extends ApiPath, T = AnswerOf<P>>(path: P, payload: InputOf<P>): Promise<Answer<T>> {
    try {
      return await client.call<T>(path, payload ?? {});
    } catch {
      return unreachable<T>();
    }
  },

  /**
   * A signed GET image (the login image code, a ticket's QR) as an object URL
   * for an <img src>. Its signed address carries the token, so it is fetched
   * here rather than put in the page, where "open image in new tab" or "copy
   * image address" would take the token into the address bar and the
   * history. The caller revokes it.
   */
  async imageUrl(path: "/system/random" | "/order/qr", params: Record<string, string> = {}): Promise<string> {
    return URL.createObjectURL(await api.image(path, params));
  },

  /** The same signed GET image as bytes: a ticket's QR kept for the door (ui/lib/kept-call.ts). */
  async image(path: "/system/random" | "/order/qr", params: Record<string, string> = {}): Promise<Blob> {
    const res = await client.get(path, params);
    if (!res.ok || !(res.headers.get("content-type") ?? "").startsWith("image/")) throw new TransportError(`image refused: ${res.status}`);
    return res.blob();
  },

  /**
   * A signed GET download (an export, an import's feedback table), saved by the
   * browser under the name the server gave it. The signed address never
   * reaches the page (it carries the token): the file is fetched here and
   * handed over as an object URL. Answers SUCCESS once saved, or the refusal.
   */
  async download(path: DownloadPath, params: Record<string, string>, fallbackName = "download.xlsx"): Promise<Answer> {
    let got: { file: Blob; name: string | null } | { answer: Answer };
    try {
      got = await track(client.download(path, params));
    } catch (error) {
      console.error(error);
      return unreachable<{}>();
    }
    if ("answer" in got) {
      if (got.answer.message?.code === "ERROR_LOGIN_CODE") signedOut();
      return got.answer;
    }
    const url = URL.createObjectURL(got.file);
    const link = document.createElement("a");
    link.href = url;
    link.download = got.name ?? fallbackName;
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has taken the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
    return { message: message("SUCCESS") };
  },

  /**
   * One signed multipart upload (an image, an import's spreadsheet) with the
   * route's text `fields`, if any, under the loading overlay unless `quiet`
   * (an upload that runs as a staff job shows its progress bar instead);
   * answered like any call.
   */
  async upload<P extends UploadPath>(
    path: P,
    file: Blob,
    name?: string,
    opts: { quiet?: boolean; fields?: Record<string, string> } = {},
  ): Promise<Answer<AnswerOf<P>>> {
    let answer: Answer<AnswerOf<P>>;
    try {
      const sending = client.upload<AnswerOf<P>>(path, file, name, opts.fields);
      answer = await (opts.quiet ? sending : track(sending));
    } catch (error) {
      console.error(error);
      return unreachable<AnswerOf<P>>();
    }
    if (answer.message?.code === "ERROR_LOGIN_CODE") signedOut();
    return answer;
  },

  /**
   * The same call without the loading overlay: a payment poll asks every
   * second while the member looks at a QR code, and a page covered and
   * uncovered each second would flicker under their eyes.
   */
  async poll<P extends ApiPath, T = AnswerOf<P>>(path: P, ...[payload]: {} extends InputOf<P> ? [InputOf<P>?] : [InputOf<P>]): Promise<Answer<T>> {
    try {
      const answer = await client.call<T>(path, payload ?? {});
      heard(answer.message?.code);
      return answer;
    } catch (error) {
      console.error(error);
      return unreachable<T>();
    }
  },

  /** Called when the server says nobody is signed in on this token any more. */
  onSignedOut(listener: Listener): () => void {
    signedOutListeners.add(listener);
    return () => signedOutListeners.delete(listener);
  },

  /** Called when a staff call is refused until the member sets up a second factor (issue 31 item 1). */
  onSecondFactorMissing(listener: Listener): () => void {
    factorListeners.add(listener);
    return () => factorListeners.delete(listener);
  },
};
