// The activity page (/activity/info?id=, spec 2 sections 2 and 4): poster,
// tag groups, title, sign-up dates, places, price and points, the video, the
// content, and the sign-up button or the reason it is not there. Tags narrow
// each other and open the one activity left; a team that asks for it shows
// the group picker before anything else. The sign-up windows are ./sign-flow.
import { useState } from "react";
import { useSnapshot } from "valtio";
import { PageHead } from "../../components/breadcrumb";
import { pick, pickHtml, useT } from "../../i18n";
import { formatDateTime, formatMoney, formatPoints } from "../../lib/format";
import { openDues } from "../../state/membership";
import { session } from "../../state/session";
import { useFocusAfterSignUp } from "./focus-after-sign-up";
import { reasonCaption } from "./opening-time";
import { SignFlow } from "./sign-flow";
import { TagGroups, TagPicker } from "./tag-groups";
import { quotaOf, useActivityPage } from "./use-activity-page";
import { VideoPlayer } from "./video-player";

export function ActivityPage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const page = useActivityPage("/activity/info");
  const [signing, setSigning] = useState(false);
  const focus = useFocusAfterSignUp();
  const activity = page.activity;

  const trail = [{ label: t("page.activityIndex"), href: "/activity" }];
  if (activity === false)
    return (
      <>
        <PageHead title={t("page.activityInfo")} trail={[...trail, { label: t("page.activityInfo") }]} />
        <p className="panel empty-note">{t("activity.activityMissing")}</p>
      </>
    );
  if (activity === null) return <div className="activity-loading" aria-busy="true" />;

  const a = activity;
  const name = pick(language, a.nameZh, a.nameEn);
  const tags = page.tagsOf(a);
  const code = a.check.code;
  const total = quotaOf(a);
  const start = () => page.start(a, () => setSigning(true));
  const onNarrowed = page.onNarrowed(a);

  return (
    <>
      <PageHead
        title={name}
        trail={[...trail, { label: pick(language, a.module.nameZh, a.module.nameEn), href: `/activity/module?id=${a.module.id}` }, { label: name }]}
      />
      <article className="activity" data-testid="activity" data-check={code}>
        <div className="activity-poster">{a.face ? <img src={a.face} alt="" /> : null}</div>
        <div className="activity-facts">
          {a.groups.length > 0 ? <TagGroups groups={a.groups} chosen={tags} onChange={onNarrowed} /> : null}
          <h2 className="activity-title">{name}</h2>
          <dl className="activity-fact-list">
            <div>
              <dt>{t("activity.signStart")}</dt>
              <dd>{a.signStart ? formatDateTime(a.signStart) : "—"}</dd>
            </div>
            <div>
              <dt>{t("activity.signEnd")}</dt>
              <dd>{a.signEnd ? formatDateTime(a.signEnd) : "—"}</dd>
            </div>
            <div>
              <dt>{t("activity.stock")}</dt>
              <dd data-testid="stock">{a.stock === null ? t("activity.unlimited") : total !== null ? t("activity.stockLeft", { left: a.stock, total }) : a.stock}</dd>
            </div>
            <div>
              <dt>{t("activity.price")}</dt>
              <dd className="activity-price" data-testid="price">
                {a.price > 0 ? `¥${formatMoney(a.price)}` : t("activity.free")}
              </dd>
            </div>
            {a.integral > 0 ? (
              <div>
                <dt>{t("activity.points")}</dt>
                <dd>
                  {a.mustIntegral || a.deduction === 0 ? formatPoints(a.integral) : t("activity.deductionOffer", { points: formatPoints(a.integral), money: formatMoney(a.deduction) })}
                </dd>
              </div>
            ) : null}
          </dl>
          {a.integral > 0 ? <p className="muted">{t("activity.yourPoints", { points: formatPoints(a.points) })}</p> : null}
          <div className="activity-action">
            {code === "SUCCESS" ? (
              <button type="button" className="button button-primary button-large" onClick={() => void start()} data-testid="sign-up">
                {t("activity.signUp")}
              </button>
            ) : code === "MEMBER_INTERCEPT_NO_POWER" ? (
              <>
                <span className="reason-caption" data-testid="reason">
                  {t(`activity.reason.${code}`)}
                </span>
                <button type="button" className="button button-quiet" onClick={() => openDues("intercept")}>
                  {t("activity.memberPrompt")}
                </button>
              </>
            ) : (
              <span className="reason-caption" data-testid="reason" tabIndex={-1} ref={focus.target}>
                {reasonCaption(t, language, "activity", code, a.signStart)}
              </span>
            )}
          </div>
        </div>
      </article>
      {a.videoId ? <VideoPlayer videoId={a.videoId} /> : null}
      <section className="panel activity-content" aria-labelledby="activity-details">
        <h2 id="activity-details" className="section-title">
          {t("activity.details")}
        </h2>
        {/* Cleaned by the server to the editor's vocabulary (src/domains/shared/rich-text.ts). */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: pickHtml(language, a.contentZh, a.contentEn) }} />
      </section>
      {page.picksFirst(a) ? <TagPicker groups={a.groups} onDone={(next, only) => onNarrowed(next, only)} /> : null}
      {signing ? (
        <SignFlow
          activity={a}
          onClose={(changed) => {
            focus.closed();
            setSigning(false);
            if (changed) page.reload();
          }}
        />
      ) : null}
    </>
  );
}
