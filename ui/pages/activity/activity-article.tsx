// What an activity's page and a market item's page draw alike (spec 2
// section 2): the poster, the tag groups, the title, the sign-up dates and the
// page's own facts, the button or its reason, the details below, and the
// group picker a team may ask for first; and the note for an address that
// names nothing. Styled by ./activity.css.
import type { ReactNode } from "react";
import { useSnapshot } from "valtio";
import { type Crumb, PageHead } from "../../components/breadcrumb";
import { pick, pickHtml, useT } from "../../i18n";
import { formatChinaDateTime } from "../../lib/china-time";
import { session } from "../../state/session";
import type { Activity } from "./activity-model";
import { TagGroups, TagPicker } from "./tag-groups";
import type { useActivityPage } from "./use-activity-page";

export type Fact = { label: string; value: ReactNode; testId?: string; className?: string };

export type ActivityArticleProps = {
  page: ReturnType<typeof useActivityPage>;
  activity: Activity;
  /** The article's class and data-testid. */
  className: string;
  testId: string;
  /** The poster's address, if any. */
  face: string | null | undefined;
  /** What the sign-up dates are called here (a market item's are its redemption's); the activity's words by default. */
  dates?: { start: string; end: string };
  /** The facts after the sign-up dates. */
  facts: Fact[];
  /** Below the facts: the button or the reason it is not there. */
  children: ReactNode;
};

export function ActivityArticle({ page, activity: a, className, testId, face, dates: named, facts, children }: ActivityArticleProps) {
  const t = useT();
  const { language } = useSnapshot(session);
  const onNarrowed = page.onNarrowed(a);
  // Sign-up windows are China time (spec 2), whatever the visitor's own zone.
  const dates: Fact[] = [
    { label: named?.start ?? t("activity.signStart"), value: a.signStart ? formatChinaDateTime(a.signStart) : "—", testId: "sign-start" },
    { label: named?.end ?? t("activity.signEnd"), value: a.signEnd ? formatChinaDateTime(a.signEnd) : "—", testId: "sign-end" },
  ];
  return (
    <>
      <article className={className} data-testid={testId} data-check={a.check.code}>
        <div className="activity-poster">{face ? <img src={face} alt="" /> : null}</div>
        <div className="activity-facts">
          {a.groups.length > 0 ? <TagGroups groups={a.groups} chosen={page.tagsOf(a)} onChange={onNarrowed} /> : null}
          <h2 className="activity-title">{pick(language, a.nameZh, a.nameEn)}</h2>
          <dl className="activity-fact-list">
            {[...dates, ...facts].map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}</dt>
                <dd className={fact.className} data-testid={fact.testId}>
                  {fact.value}
                </dd>
              </div>
            ))}
          </dl>
          {children}
        </div>
      </article>
      {page.picksFirst(a) ? <TagPicker groups={a.groups} onDone={(next, only) => onNarrowed(next, only)} /> : null}
    </>
  );
}

/** The activity's own text, under the heading `title`. */
export function ActivityDetails({ activity: a, id, title }: { activity: Activity; id: string; title: string }) {
  const { language } = useSnapshot(session);
  return (
    <section className="panel activity-content" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {/* Cleaned by the server to the editor's vocabulary (src/domains/shared/rich-text.ts). */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: pickHtml(language, a.contentZh, a.contentEn) }} />
    </section>
  );
}

/** A page whose address names no activity, module or item. */
export function NothingHere({ title, trail, text }: { title: string; trail?: Crumb[]; text: string }) {
  return (
    <>
      <PageHead title={title} trail={trail} />
      <p className="panel empty-note">{text}</p>
    </>
  );
}
