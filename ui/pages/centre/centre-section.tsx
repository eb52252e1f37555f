// The frame every personal-centre page shares: its heading, an optional line
// of introduction and optional tools on the right; and the three states of a
// card list (could not load, empty, the cards).
import type { ReactNode } from "react";
import { useT } from "../../i18n";

export function CentreSection({ id, title, intro, tools, children }: { id: string; title: string; intro?: string; tools?: ReactNode; children: ReactNode }) {
  return (
    <section className="centre-section" aria-labelledby={`${id}-title`}>
      <header className="section-head">
        <div>
          <h2 id={`${id}-title`} className="centre-title">
            {title}
          </h2>
          {intro ? <p className="section-intro">{intro}</p> : null}
        </div>
        {tools ? <div className="section-tools">{tools}</div> : null}
      </header>
      {children}
    </section>
  );
}

export function CardList<T>({ list, failed, empty, onRetry, children }: { list: T[] | null; failed: boolean; empty: string; onRetry: () => void; children: (list: T[]) => ReactNode }) {
  const t = useT();
  if (failed && !list) {
    return (
      <div className="panel empty-panel">
        <button type="button" className="button button-quiet" onClick={onRetry}>
          {t("common.retry")}
        </button>
      </div>
    );
  }
  if (list && list.length === 0) {
    return (
      <div className="panel empty-panel">
        <p>{empty}</p>
      </div>
    );
  }
  return <ul className="card-list">{children(list ?? [])}</ul>;
}
