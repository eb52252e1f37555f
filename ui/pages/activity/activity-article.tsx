// What an activity's page and a market item's page draw alike (spec 2
// section 2): the poster, the tag groups, the title, the sign-up dates and the
// page's own facts, the button or its reason, the details below, and the
// group picker a team may ask for first; and the note for an address that
// names nothing. Styled by ./activity.css. An activity's saved layout places
// the same pieces as boxes on a desk (./activity-layout.tsx); its wording
// names the dates (./wording.ts).
import type { CSSProperties, ReactNode } from "react";
import { useSnapshot } from "valtio";
import type { LayoutElement } from "../../../src/protocol/layout";
import { type Crumb, PageHead } from "../../components/breadcrumb";
import { pick, pickHtml, useT } from "../../i18n";
import { formatChinaDateTime } from "../../lib/china-time";
import { session } from "../../state/session";
import type { Activity } from "./activity-model";
import { LayoutCanvas, type Piece, type Placement } from "./activity-layout";
import { TagGroups, TagPicker } from "./tag-groups";
import type { useActivityPage } from "./use-activity-page";
import { worded } from "./wording";

/** A fact, and the layout element it belongs to (several may share one: the price and the points). */
export type Fact = { el: LayoutElement; label: string; value: ReactNode; testId?: string; className?: string };

export type ActivityArticleProps = {
  page: ReturnType<typeof useActivityPage>;
  activity: Activity;
  placement: Placement;
  /** The article's class and data-testid. */
  className: string;
  testId: string;
  /** The poster's address, if any. */
  face: string | null | undefined;
  /** What the sign-up dates are called here (a market item's are its redemption's); the activity's words by default. */
  dates?: { start: string; end: string };
  /** The facts after the sign-up dates. */
  facts: Fact[];
  /** Under the facts, with the price: the member's points. */
  note?: ReactNode;
  /** The sign-up button, given its looks; null when there is none (the reason shows instead). */
  button: ((look: CSSProperties) => ReactNode) | null;
  /** The reason there is no button, or null. */
  reason: ReactNode;
  /** The video, where the page has one (null: this activity has none). */
  player?: ReactNode;
  /** The trolley shortcut, where the page has one: a placed layout puts it on the page. */
  cart?: ReactNode;
  /** The activity's own text. */
  details: ReactNode;
};

export function ActivityArticle(props: ActivityArticleProps) {
  const { page, activity: a, placement, className, testId, face, dates: named, facts, note, button, reason, player, cart, details } = props;
  const t = useT();
  const { language } = useSnapshot(session);
  const onNarrowed = page.onNarrowed(a);
  const shown = (el: LayoutElement) => !placement.hidden.has(el);
  // Sign-up windows are China time (spec 2), whatever the visitor's own zone.
  const dates: Fact[] = [
    { el: "start", label: worded(a, language, "start", named?.start ?? t("activity.signStart")), value: a.signStart ? formatChinaDateTime(a.signStart) : "—", testId: "sign-start" },
    { el: "end", label: worded(a, language, "end", named?.end ?? t("activity.signEnd")), value: a.signEnd ? formatChinaDateTime(a.signEnd) : "—", testId: "sign-end" },
  ];
  const all = [...dates, ...facts];
  const list = (of: Fact[]) => (
    <dl className="activity-fact-list">
      {of.map((fact, i) => (
        <div key={`${fact.el}-${i}`}>
          <dt>{fact.label}</dt>
          <dd className={fact.className} data-testid={fact.testId}>
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
  const groups = a.groups.length > 0 ? <TagGroups groups={a.groups} chosen={page.tagsOf(a)} onChange={onNarrowed} /> : undefined;
  const title = <h2 className="activity-title">{pick(language, a.nameZh, a.nameEn)}</h2>;
  const picker = page.picksFirst(a) ? <TagPicker groups={a.groups} onDone={(next, only) => onNarrowed(next, only)} /> : null;

  if (placement.placed && placement.layout) {
    const pieces: Partial<Record<LayoutElement, Piece>> = { "activity-body": null, img: face ? <img src={face} alt="" /> : null, groups, title };
    for (const el of new Set(all.map((f) => f.el))) {
      const mine = all.filter((f) => f.el === el);
      pieces[el] = el === "price" && note ? [list(mine), note] : list(mine);
    }
    if (button) pieces.button = button;
    if (reason) pieces["no-power"] = <div className="activity-action">{reason}</div>;
    if (player !== undefined) pieces.player = player;
    if (cart !== undefined) pieces.shoppingcart = cart;
    pieces.content = details;
    return (
      <>
        <LayoutCanvas activityId={a.id} layout={placement.layout} editing={placement.editing} pieces={pieces} className={`activity-layout ${testId}-layout`} testId={testId} check={a.check.code} />
        {picker}
      </>
    );
  }

  return (
    <>
      <article className={`${className}${shown("img") ? "" : " activity-no-poster"}`} data-testid={testId} data-check={a.check.code}>
        {shown("img") ? <div className="activity-poster">{face ? <img src={face} alt="" /> : null}</div> : null}
        <div className="activity-facts">
          {groups && shown("groups") ? groups : null}
          {shown("title") ? title : null}
          {list(all.filter((f) => shown(f.el)))}
          {shown("price") ? note : null}
          <div className="activity-action">
            {button && shown("button") ? button({}) : null}
            {reason && shown("no-power") ? reason : null}
          </div>
        </div>
      </article>
      {player && shown("player") ? player : null}
      {shown("content") ? details : null}
      {picker}
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
