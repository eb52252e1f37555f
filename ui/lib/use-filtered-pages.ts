// A paged list behind a filter form, as the personal centre's points and dues
// pages have it: the form edits a draft; Search applies it and goes back to
// page 1; Reset clears both; every change of filter or page asks the server.
import { type FormEvent, useEffect, useState } from "react";
import { isSuccess } from "../../src/protocol/result";
import { api } from "../api";
import { showMessage } from "../components/message-box";
import { resultText, useT } from "../i18n";

export function useFilteredPages<F, P extends { list: unknown[] }>(path: string, empty: F, payloadOf: (filter: F, index: number) => object) {
  const t = useT();
  const [draft, setDraft] = useState<F>(empty);
  const [filter, setFilter] = useState<F>(empty);
  const [index, setIndex] = useState(1);
  const [page, setPage] = useState<P | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const answer = await api.call<P>(path, payloadOf(filter, index));
      if (!live) return;
      if (isSuccess(answer) && answer.list) setPage(answer as unknown as P);
      else await showMessage(resultText(t, answer.message));
    })();
    return () => {
      live = false;
    };
  }, [filter, index]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft });
    setIndex(1);
  };

  const reset = () => {
    setDraft(empty);
    setFilter(empty);
    setIndex(1);
  };

  return { draft, setDraft, page, setIndex, search, reset };
}
