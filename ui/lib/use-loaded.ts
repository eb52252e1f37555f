// What a page reads from the server (or any slow source) while it is shown:
// the one place an asynchronous answer is checked to be still wanted before it
// is used (a guard test keeps `let live` out of the rest of ui/). A page that
// has left, or moved on to another key, never gets an older answer.
//
//   const item = useLoaded(() => api.call("/news/info", { id }).then((a) => a.news ?? false), [id]);
//   const { value, reload, set } = useLoader(loadList, [index], { keep: true });
//   usePoll(() => api.poll("/order/check", { trade }), (a) => a.paid && paid(), { everyMs: 1_000, active: waiting });
import { useEffect, useRef, useState } from "react";

/** null while loading, false when the load found nothing (or failed), else the value. */
export type Loaded<T> = T | null | false;

/**
 * `alive()` turns false once the key changed or the page closed: a load asks
 * it before it says or does anything beyond its answer (a message, closing
 * its window), since nobody is there to read it any more. `shown` is the
 * value on the page as the load starts, for one that keeps it on a failure.
 */
export type Load<T> = (alive: () => boolean, shown: Loaded<T>) => Promise<T | false>;

export type LoadOptions = {
  /** Keep showing the last value while the next one loads (a page of a list, a list read again after a change), rather than null; a failure is not kept. */
  keep?: boolean;
};

/**
 * Loads once per key and again on `reload()`. `set` replaces the value with
 * what the page learnt itself (what an action answered), until the next load.
 */
export function useLoader<T>(load: Load<T>, key: readonly unknown[], { keep = false }: LoadOptions = {}) {
  const [value, setValue] = useState<Loaded<T>>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    // A failure is not kept: trying again shows the loading state.
    setValue((shown) => (keep && shown ? shown : null));
    // Set through a function: a value that is itself a function (a chart library's class) would be taken for an updater.
    void load(() => live, value).then((v) => live && setValue(() => v));
    return () => {
      live = false;
    };
  }, [...key, attempt]);
  return { value, reload: () => setAttempt((n) => n + 1), set: setValue };
}

/** Loads once per key; null while loading, false when the server had nothing for us. (Names are picked from the zh/en pairs, so a language switch needs no new load.) */
export function useLoaded<T>(load: Load<T>, key: readonly unknown[], options?: LoadOptions): Loaded<T> {
  return useLoader(load, key, options).value;
}

export type PollOptions = {
  everyMs: number;
  /** Polls only while true (a payment still waiting). */
  active?: boolean;
  /** Asks at once, rather than `everyMs` after the poll starts. */
  now?: boolean;
  /** Starts the poll again from the beginning when one of these changes. */
  key?: readonly unknown[];
};

/**
 * Asks `ask` every `everyMs` while `active`, one question at a time: the next
 * is asked `everyMs` after the last answer, so a slow server is never asked
 * twice at once. Each answer goes to `onAnswer` while the page still wants it;
 * `onAnswer` returning true ends the poll. The latest `ask` and `onAnswer`
 * are used, without starting again when they change.
 */
export function usePoll<T>(ask: () => Promise<T>, onAnswer: (answer: T) => boolean | void, { everyMs, active = true, now = false, key = [] }: PollOptions) {
  const latest = useRef({ ask, onAnswer });
  latest.current = { ask, onAnswer };
  useEffect(() => {
    if (!active) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const answer = await latest.current.ask();
      if (!live || latest.current.onAnswer(answer) === true) return;
      timer = setTimeout(() => void tick(), everyMs);
    };
    if (now) void tick();
    else timer = setTimeout(() => void tick(), everyMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [active, everyMs, ...key]);
}

/** An address for these bytes (an image made or kept in the browser), given back when the bytes change or the page closes. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
