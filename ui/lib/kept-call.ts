// One list call whose answer is kept for offline (docs/decisions.md 99): online,
// the answer as ever, and a copy kept for the signed-in member (in the
// background, ./kept-lists); offline, the kept copy of the
// same call with the time it was seen (`asOf`), which the page shows as stale
// and never as fresh, or `missing` when nothing was kept for this member.
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { AnswerOf, ApiPath, InputOf } from "../../src/domains/api";
import { type Answer, isSuccess } from "../../src/protocol/result";
import { api } from "../api";
import { isOffline, network } from "../state/network";
import { claimKeptForUser, session } from "../state/session";
import { useLoaded } from "./use-loaded";
import { keep, kept } from "./kept-lists";

// Never in the first screen: this module, the store and the stale note are one chunk with the pages that keep lists
// (a chunk of their own for the store and the note cost a response's headers each on every such page).
export { StaleNote } from "../components/stale-note";

/** The lists kept: the activity index and a module's activities, the news and notices, the member's orders, and their tickets' QR codes. */
export type KeptList = "activityModules" | "activityList" | "news" | "orders" | "tickets";

export type KeptCall<T> = { answer: Answer<T>; asOf: string | null; missing: boolean };

export async function keptCall<P extends ApiPath>(list: KeptList, path: P, payload: InputOf<P>): Promise<KeptCall<AnswerOf<P>>> {
  const userId = session.user?.id;
  const call = api.call as (path: P, payload: InputOf<P>) => Promise<Answer<AnswerOf<P>>>;
  const answer = await call(path, payload);
  if (userId === undefined) return { answer, asOf: null, missing: false };
  if (isSuccess(answer)) {
    // Still the same member when the answer came (not signed out meanwhile): only then is it kept, and as theirs.
    if (claimKeptForUser(userId)) {
      keep(userId, list, payload, answer, new Date()).catch((error) => console.error(error));
    }
    return { answer, asOf: null, missing: false };
  }
  if (!isOffline()) return { answer, asOf: null, missing: false };
  const found = await kept(userId, list, payload).catch(() => null);
  if (!found || session.user?.id !== userId) return { answer, asOf: null, missing: true };
  return { answer: found.answer as Answer<AnswerOf<P>>, asOf: found.savedAt, missing: false };
}

/**
 * useLoaded (./use-loaded.ts) over a kept call: the value picked from the answer
 * (false when there is none), and offline the kept one with `asOf`, or
 * `missing`; loaded again once the network is back after either.
 */
export function useKept<P extends ApiPath, T>(
  list: KeptList,
  path: P,
  payload: InputOf<P>,
  pickAnswer: (answer: Answer<AnswerOf<P>>) => T | false,
  key: unknown[],
) {
  const [asOf, setAsOf] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [backOnline, setBackOnline] = useState(0);
  const { offline, unreachable } = useSnapshot(network);
  const reachable = !offline && !unreachable;
  useEffect(() => {
    if (reachable && (asOf || missing)) setBackOnline((n) => n + 1);
  }, [reachable]);
  const value = useLoaded(async () => {
    const got = await keptCall(list, path, payload);
    setAsOf(got.asOf);
    setMissing(got.missing);
    return pickAnswer(got.answer);
  }, [...key, backOnline]);
  return { value, asOf, missing };
}

/** A ticket kept for the door: its QR as the server drew it, and when. */
export type KeptTicket = { image: Blob; savedAt: string };

/**
 * Keeps the QR of each of these tickets not kept yet, for a member at the door
 * without a signal. A trade's QR never changes (the signed code of the trade),
 * so each is asked for once; a cancelled order's ticket is refused at the door
 * whatever the phone shows. Quiet: a failure keeps nothing and says nothing.
 * Only in a browser whose service worker controls the page: without it the
 * portal cannot open offline, and the QR images would be bytes for nothing.
 */
export async function keepTickets(trades: string[]): Promise<void> {
  const userId = session.user?.id;
  if (userId === undefined || !navigator.serviceWorker?.controller) return;
  for (const trade of trades) {
    if (await kept(userId, "tickets", { trade }).catch(() => null)) continue;
    // One refused (cancelled meanwhile) leaves the others to keep.
    const image = await api.image("/order/qr", { trade }).catch(() => null);
    if (!image) continue;
    if (!claimKeptForUser(userId)) return;
    await keep(userId, "tickets", { trade }, image, new Date()).catch((error) => console.error(error));
  }
}

/** The kept QR of this member's ticket, or null when it was never kept on this device. */
export async function keptTicket(trade: string): Promise<KeptTicket | null> {
  const userId = session.user?.id;
  if (userId === undefined) return null;
  const found = await kept(userId, "tickets", { trade }).catch(() => null);
  return found && found.answer instanceof Blob ? { image: found.answer, savedAt: found.savedAt } : null;
}
