// The session (spec 1 sections 3 and 4): token id, the type table, the signed-in
// user and the interface language. User and language survive a reload in
// localStorage; the token keys are kept by the API client ("up.session").
import { proxy } from "valtio";
import type { UserView } from "../../src/domains/account/user-view";
import type { ItemOf } from "../../src/domains/api";
import type { PowerCode } from "../../src/protocol/powers";
import { isSuccess } from "../../src/protocol/result";
import { LANGUAGE } from "../../src/protocol/enumerations";
import { api } from "../api";
import { claimKept, forgetKept, keptOwner } from "./kept";
import { isOffline } from "./network";

export type Language = "zh" | "en";
export type User = UserView;
export type TypeRow = ItemOf<"/system/types">;

const USER_KEY = "up.user";
const LANGUAGE_KEY = "up.language";

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
}

const storedLanguage = (): Language => (localStorage.getItem(LANGUAGE_KEY) === "en" ? "en" : "zh");

export const session = proxy({
  tokenId: null as string | null,
  /** Type code -> numeric id, the rows /system/types answers; null until the session is initialised. */
  types: null as Record<string, number> | null,
  /** Full rows of the type table, for names of states and the like. */
  typeRows: [] as TypeRow[],
  user: readJson<User>(USER_KEY),
  language: storedLanguage(),
  /** Set when initialisation could not reach the server. */
  initFailed: false,
  /**
   * Set when the portal opened offline with a member stored in this browser: the
   * pages show what was kept for them, marked stale, until the server can be
   * asked again (docs/decisions.md 99).
   */
  restoredOffline: false,
});

export const languageId = (language: Language): number => (language === "en" ? LANGUAGE.LANGUAGE_EN : LANGUAGE.LANGUAGE_ZH);

/** The language a user chose (901 / 902), or null when they never chose one. */
export function languageOfUser(user: Pick<User, "language"> | null): Language | null {
  const id = user?.language?.id;
  if (id === LANGUAGE.LANGUAGE_EN) return "en";
  if (id === LANGUAGE.LANGUAGE_ZH) return "zh";
  return null;
}

export function setLanguage(language: Language) {
  session.language = language;
  write(LANGUAGE_KEY, language);
}

export function setUser(user: User) {
  // Another member's kept lists never outlive the change of member.
  const owner = keptOwner();
  if (owner !== null && owner !== String(user.id)) forgetKept();
  // The signed-in pages read the type table: fetched from the moment of sign-in, beside the next page's chunk.
  void loadTypes().catch(() => undefined);
  session.user = user;
  write(USER_KEY, user);
  const chosen = languageOfUser(user);
  if (chosen) setLanguage(chosen);
}

export function clearUser() {
  session.user = null;
  session.restoredOffline = false;
  write(USER_KEY, null);
  forgetKept();
}

/** Marks the kept lists as the signed-in member's, before one is written; false when nobody is signed in. */
export function claimKeptForUser(userId: number): boolean {
  if (session.user?.id !== userId) return false;
  if (keptOwner() !== String(userId)) {
    forgetKept();
    claimKept(userId);
  }
  return true;
}

export function hasPower(code: PowerCode): boolean {
  return session.user?.status?.powers?.some((p) => p.code === code) ?? false;
}

/** Whether the token is in place, and the type table with it for a signed-in member (the navigation guard's first question); offline, a stored member and the table do. */
export const isInitialised = (): boolean => (session.tokenId !== null || session.restoredOffline) && (session.user === null || session.types !== null);

let typesLoading: Promise<void> | null = null;

/**
 * The type table is fixed per build: it comes from a hashed chunk of this build, which the browser
 * keeps a year (docs/decisions.md), and /system/types answers the same rows. Only the signed-in pages
 * read it, so the sign-in page's first screen goes without (docs/decisions.md 135). Offline it comes
 * from the service worker's copy of the build; a failed fetch is tried again at the next call.
 */
export function loadTypes(): Promise<void> {
  typesLoading ??= import("../../src/protocol/types").then(
    ({ TYPES }) => {
      session.typeRows = [...TYPES];
      session.types = Object.fromEntries(TYPES.map((row) => [row.code, row.id]));
    },
    (error: unknown) => {
      typesLoading = null;
      throw error;
    },
  );
  return typesLoading;
}

/** Signed in on this page (the token and the member are here) without the type table yet: the guard waits for it alone; a failure shows the retry screen. */
export function initTypes(): Promise<void> {
  return loadTypes().catch(() => {
    session.initFailed = true;
  });
}

// The server forgot the token, or nobody is signed in on it any more.
api.onSignedOut(() => clearUser());

let reloading: Promise<void> | null = null;

/**
 * Reads the signed-in user's view again (what a change elsewhere moved: the
 * second factor's deadline); a different or no user leaves the stored one to
 * the next start. Concurrent callers share one read.
 */
export function reloadUser(): Promise<void> {
  reloading ??= (async () => {
    const answer = await api.call("/client/login/reload");
    if (isSuccess(answer) && answer.user && answer.user.id === session.user?.id) setUser(answer.user);
  })().finally(() => {
    reloading = null;
  });
  return reloading;
}

// A staff call refused for want of a second factor: the deadline passed since the view was read, so the staff pages shut (issue 31 item 1).
api.onSecondFactorMissing(() => void reloadUser());

let initialising: Promise<void> | null = null;

/**
 * Spec 1 section 4: obtain a token (and the type table when a member is
 * stored), then reload the stored user; a different user or a refusal discards the stored one.
 * Concurrent callers share one run.
 */
export function initSession(): Promise<void> {
  initialising ??= (async () => {
    session.initFailed = false;
    session.restoredOffline = false;
    // A stored member's pages need the type table: fetched beside the handshake.
    const typesLoaded = session.user ? loadTypes() : Promise.resolve();
    try {
      await Promise.all([api.ensureSession(), typesLoaded]);
      const stored = session.user;
      if (stored) {
        const answer = await api.call("/client/login/reload");
        if (isSuccess(answer) && answer.user && answer.user.id === stored.id) setUser(answer.user);
        // Offline the server cannot say who is signed in: the stored member stays, and is asked about once back online.
        else if (isOffline()) session.restoredOffline = true;
        else clearUser();
      }
      session.tokenId = api.tokenId;
    } catch (error) {
      await typesLoaded.catch(() => undefined);
      // No handshake offline (the stored token expired): with a stored member, the kept pages still open.
      if (session.user && session.types && isOffline()) session.restoredOffline = true;
      else {
        console.error(error);
        session.initFailed = true;
      }
    }
  })().finally(() => {
    initialising = null;
  });
  return initialising;
}

// Back online after opening offline: the server says again who is signed in (a member signed out elsewhere meanwhile goes to the sign-in page).
if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    if (session.restoredOffline) void initSession();
  });
}
