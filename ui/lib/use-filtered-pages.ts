// A paged list behind a filter form, as the personal centre's points and dues
// and the admin lists have it: the form edits a draft; Search applies it and
// goes back to page 1; Reset clears both; every change of filter or page asks
// the server. What it returns feeds a FilterBar and a CardList.
import { useEffect, useState } from "react";
import type { AnswerOf, ApiPath, InputOf } from "../../src/domains/api";
import { isSuccess } from "../../src/protocol/result";
import { api } from "../api";
import { showMessage } from "../components/message-box";
import type { PagerProps } from "../components/pager";
import { resultText, useT } from "../i18n";
import { useSnapshot } from "valtio";
import { network } from "../state/network";
import { type KeptList, keptCall } from "./kept-call";

/** The calls that answer a page of a list; their answers are typed from the route table. */
type PagedPath = { [P in ApiPath]: AnswerOf<P> extends { list: readonly unknown[]; count: number; max: number; index: number } ? P : never }[ApiPath];

/**
 * With `keep`, each answer is kept for the member and shown offline marked stale
 * (`asOf`), or `missing` says nothing was kept (./kept-call.ts); the list asks
 * again when the network is back.
 */
export function useFilteredPages<F extends Record<string, string>, P extends PagedPath>(
  path: P,
  empty: F,
  payloadOf: (filter: F, index: number) => InputOf<P>,
  opts: { keep?: KeptList } = {},
) {
  const t = useT();
  const [draft, setDraft] = useState<F>(empty);
  const [filter, setFilter] = useState<F>(empty);
  const [index, setIndex] = useState(1);
  const [page, setPage] = useState<AnswerOf<P> | null>(null);
  // The page number the shown answer was asked for: the server answers the nearest page that exists.
  const [askedFor, setAskedFor] = useState(1);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [asOf, setAsOf] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const { offline, unreachable } = useSnapshot(network);
  const reachable = !offline && !unreachable;

  useEffect(() => {
    let live = true;
    void (async () => {
      const payload = payloadOf(filter, index);
      const got = opts.keep
        ? await keptCall(opts.keep, path, payload)
        : { answer: await api.call<PagedPath>(path, payload), asOf: null, missing: false };
      const { answer } = got;
      if (!live) return;
      setAsOf(got.asOf);
      setMissing(got.missing);
      setFailed(!isSuccess(answer) || !answer.list);
      if (isSuccess(answer) && answer.list) {
        setPage(answer as AnswerOf<P>);
        setAskedFor(index);
      } else if (got.missing) setPage(null);
      else await showMessage(resultText(t, answer.message));
    })();
    return () => {
      live = false;
    };
  }, [filter, index, attempt]);

  // A kept list shown offline is asked for again once the network is back.
  useEffect(() => {
    if (reachable && (asOf || missing)) setAttempt((n) => n + 1);
  }, [reachable]);

  const search = () => {
    setFilter({ ...draft });
    setIndex(1);
  };

  const reset = () => {
    setDraft(empty);
    setFilter(empty);
    setIndex(1);
  };

  const paging: PagerProps | undefined = page ? { index: page.index, max: page.max, count: page.count, asked: askedFor, onChange: setIndex } : undefined;
  // An empty answer to a filter says "nothing matches", not "nothing yet".
  const filtered = Object.keys(empty).some((key) => filter[key] !== empty[key]);

  return {
    filterBar: { draft, onDraft: setDraft, onSearch: search, onReset: reset },
    list: { list: (page?.list as AnswerOf<P>["list"] | undefined) ?? null, failed, onRetry: () => setAttempt((n) => n + 1), paging },
    /** Offline: when the kept list shown was seen (null when the list is the server's answer now). */
    asOf,
    /** Offline with nothing kept for this list. */
    missing,
    page,
    /** The filter the list shows (applied by Search), for what acts on the same rows (an export). */
    filter,
    filtered,
    /** Asks for the page shown again, after something changed its rows (an order cancelled or paid). */
    reload: () => setAttempt((n) => n + 1),
  };
}
