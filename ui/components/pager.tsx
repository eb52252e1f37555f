// Paging bar of the specs: count text, previous, go-to-page input, next.
// Pages count from 1; whatever is asked for is clamped to 1..max.
import { useEffect, useState } from "react";
import { useT } from "../i18n";
import { clampPage } from "../lib/paging";

export { clampPage };

export type PagerProps = { index: number; max: number; count: number; onChange: (index: number) => void };

export function Pager({ index, max, count, onChange }: PagerProps) {
  const t = useT();
  const last = clampPage(max, max);
  const current = clampPage(index, last);
  const [typed, setTyped] = useState(String(current));
  useEffect(() => setTyped(String(current)), [current]);
  const go = (page: number) => {
    const target = clampPage(page, last);
    setTyped(String(target));
    if (target !== current) onChange(target);
  };
  return (
    <nav className="pager" aria-label={t("pager.label")}>
      <span className="pager-summary">{t("pager.summary", { count, max: last, index: current })}</span>
      <button type="button" className="button button-quiet" disabled={current <= 1} onClick={() => go(current - 1)}>
        {t("pager.previous")}
      </button>
      <form
        className="pager-go"
        onSubmit={(event) => {
          event.preventDefault();
          go(Number(typed));
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
      <button type="button" className="button button-quiet" disabled={current >= last} onClick={() => go(current + 1)}>
        {t("pager.next")}
      </button>
    </nav>
  );
}
