// The frame every personal-centre page shares (the pages and the list editor
// of ./list-editor.tsx): its heading, an optional line of introduction and
// optional tools on the right. Styled by the centre's sheet, pages/centre/centre.css.
import type { ReactNode } from "react";

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
