// How the server keeps a password: argon2id (Bun.password) over the digest
// the client sent, never the digest itself.
import { availableParallelism } from "node:os";

/**
 * Each argon2id computation holds 64 MiB while it runs and keeps a core busy:
 * more at once than there are cores only adds memory (measured, 1,000
 * sign-ins from 8 clients: a peak of 990 MB unbounded; docs/decisions.md 49).
 */
const SLOTS = availableParallelism();
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < SLOTS) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so none jumps the queue.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export const storePassword = (digest: string): Promise<string> => inTurn(() => Bun.password.hash(digest.toLowerCase(), { algorithm: "argon2id" }));

/** A hash nobody's password matches, made once, to spend a real check's time where there is nothing to check. */
let decoy: Promise<string> | null = null;

/** With no stored password (an unknown name) the same work is done, so the time taken does not tell. */
export async function passwordMatches(digest: string, stored: string | null): Promise<boolean> {
  if (stored === null) {
    decoy ??= storePassword("0".repeat(32) + ":decoy");
    const hash = await decoy;
    await inTurn(() => Bun.password.verify(digest.toLowerCase(), hash));
    return false;
  }
  return inTurn(() => Bun.password.verify(digest.toLowerCase(), stored));
}
