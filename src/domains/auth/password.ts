// How the server keeps a password: argon2id (Bun.password) over the digest
// the client sent, never the digest itself.
export const storePassword = (digest: string): Promise<string> => Bun.password.hash(digest.toLowerCase(), { algorithm: "argon2id" });

/** A hash nobody's password matches, made once, to spend a real check's time where there is nothing to check. */
let decoy: Promise<string> | null = null;

/** With no stored password (an unknown name) the same work is done, so the time taken does not tell. */
export async function passwordMatches(digest: string, stored: string | null): Promise<boolean> {
  if (stored === null) {
    decoy ??= storePassword("0".repeat(32) + ":decoy");
    await Bun.password.verify(digest.toLowerCase(), await decoy);
    return false;
  }
  return Bun.password.verify(digest.toLowerCase(), stored);
}
