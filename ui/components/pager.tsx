// Paging bar of the specs: the count and where we are, previous, a go-to-page
// input, next. Pages count from 1. The server answers the nearest page that
// exists; when that is not the page asked for, the bar says so.
// Its styles (pager.css) come with the lists' area stylesheet, components/lists.css.
import { useEffect, useState } from "react";
import { useT } from "../i18n";

export type PagerProps = {
  /** The page shown, as the server answered it. */
  index: number;
  max: number;
  count: number;
  /** The page asked for, when it may differ from the one shown. */
  asked?: number;
  onChange: (index: number) => void;
  /** The count line in a window's own words (the banner list's, as its spec words it), instead of the lists'. */
  summary?: string;
  summaryTestId?: string;
};

export function Pager({ index, max, count, asked, onChange, summary: own, summaryTestId }: PagerProps) {
  const t = useT();
  const [typed, setTyped] = useState(String(index));
  useEffect(() => setTyped(String(index)), [index, asked]);
  const summary = own ?? (count === 0 ? t("list.none") : t(count === 1 ? "pager.one" : "pager.many", { count, index, max }));
  const go = (page: number) => {
    if (page === index) return setTyped(String(index));
    onChange(page);
  };
  return (
    <nav className="pager" aria-label={t("pager.label")}>
      <span className="pager-summary" data-testid={summaryTestId}>
        {summary}
      </span>
      {asked !== undefined && asked !== index ? (
        <p className="pager-missing" role="status">
          {t("pager.missing", { asked, index })}
        </p>
      ) : null}
      {count === 0 ? null : (
        <>
          <button type="button" className="button button-quiet" disabled={index <= 1} onClick={() => go(index - 1)}>
            {t("pager.previous")}
          </button>
          <form
            className="pager-go"
            onSubmit={(event) => {
              event.preventDefault();
              if (typed) go(Number(typed));
            }}
          >
            <input
              className="input pager-input"
              inputMode="numeric"
              aria-label={t("pager.goTo")}
              value={typed}
              onChange={(event) => setTyped(event.target.value.replace(/\D/g, ""))}
            />
            <button type="submit" className="button button-quiet">
              {t("pager.go")}
            </button>
          </form>
          <button type="button" className="button button-quiet" disabled={index >= max} onClick={() => go(index + 1)}>
            {t("pager.next")}
          </button>
        </>
      )}
    </nav>
  );
}
