// The last-seen lists a member looked at, kept in this browser's IndexedDB so
// they show offline, marked stale (docs/decisions.md 99). Only ./kept-call.ts
// uses it, in the pages' chunks (never the first screen). Each record is the
// decrypted answer of one list call as this member asked it (the call's
// payload is part of the key), with the time it was seen. Reads take only the
// asking member's records; ui/state/kept.ts deletes the whole database at
// sign-out and when another member signs in.
import { KEPT_DB } from "../state/kept";

const STORE = "lists";

export type KeptAnswer = { answer: unknown; savedAt: string };
type KeptRecord = KeptAnswer & { key: string; userId: number };

const keyOf = (userId: number, list: string, payload: unknown) => `${userId}|${list}|${JSON.stringify(payload ?? {})}`;

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** Opened for one operation and closed after it, so a sign-out's delete never waits on this page. */
function open(): Promise<IDBDatabase> {
  const request = indexedDB.open(KEPT_DB, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
  return done(request).then((db) => {
    db.onversionchange = () => db.close();
    return db;
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    const tx = db.transaction(STORE, mode);
    const result = await done(work(tx.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
    return result;
  } finally {
    db.close();
  }
}

export async function keep(userId: number, list: string, payload: unknown, answer: unknown, savedAt: Date): Promise<void> {
  const record: KeptRecord = { key: keyOf(userId, list, payload), userId, answer, savedAt: savedAt.toISOString() };
  await withStore("readwrite", (store) => store.put(record));
}

export async function kept(userId: number, list: string, payload: unknown): Promise<KeptAnswer | null> {
  const record = (await withStore("readonly", (store) => store.get(keyOf(userId, list, payload)))) as KeptRecord | undefined;
  // The key names the member already; the check keeps a record of someone else out whatever the key says.
  return record && record.userId === userId ? { answer: record.answer, savedAt: record.savedAt } : null;
}
