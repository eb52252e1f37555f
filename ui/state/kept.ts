// Who the lists kept in this browser for offline (ui/lib/kept-lists.ts) belong
// to, and forgetting them: at sign-out, when the server says nobody is signed
// in any more, and when another member signs in (docs/decisions.md 99). Small
// and synchronous so the session store calls it without loading the kept
// lists' chunk; the database is deleted even while a page holds it open
// (that page closes it on the version change).
export const KEPT_DB = "up-kept";
const OWNER_KEY = "up.kept-owner";

/** The member whose lists are kept, or null. */
export const keptOwner = (): string | null => localStorage.getItem(OWNER_KEY);

/** Marks the kept lists as this member's (before the first is written). */
export function claimKept(userId: number) {
  localStorage.setItem(OWNER_KEY, String(userId));
}

/** Deletes every kept list of anyone. */
export function forgetKept() {
  localStorage.removeItem(OWNER_KEY);
  try {
    indexedDB.deleteDatabase(KEPT_DB);
  } catch (error) {
    // No IndexedDB (a private window of an old browser): nothing was kept either.
    console.error(error);
  }
}
