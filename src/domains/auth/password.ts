// How the server keeps a password: argon2id (Bun.password) over the digest
// the client sent, never the digest itself.
export const storePassword = (digest: string): Promise<string> => Bun.password.hash(digest.toLowerCase(), { algorithm: "argon2id" });

export const passwordMatches = (digest: string, stored: string | null): Promise<boolean> =>
  stored === null ? Promise.resolve(false) : Bun.password.verify(digest.toLowerCase(), stored);
