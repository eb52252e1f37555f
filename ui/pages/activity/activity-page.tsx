// The activity page (/activity/info?id=, spec 2 sections 2 and 4): poster,
// tag groups, title, sign-up dates, places, price and points, the video, the
// content, and the sign-up button or the reason it is not there. Tags narrow
// each other and open the one activity left; a team that asks for it shows
// the group picker before anything else. The sign-up windows are ./sign-flow.
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { showMessage } from "../../components/message-box";
import { pick, useT } from "../../i18n";
import { formatDateTime, formatMoney, formatPoints } from "../../lib/format";
import { openDues } from "../../state/membership";
import { session } from "../../state/session";
import { useLoaded } from "./activity-pages";
import { SignFlow } from "./sign-flow";
import { TagGroups, TagPicker } from "./tag-groups";
import { chosenFromSearch, firstMissingGroup } from "./tag-rules";
import { VideoPlayer } from "./video-player";

export type Activity = AnswerOf<"/activity/info">["activity"];

export function ActivityPage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const search = new URLSearchParams(useSearch());
  const id = Number(search.get("id"));
  const [, navigate] = useLocation();
  const [reload, setReload] = useState(0);
  const [signing, setSigning] = useState(false);
  const [chosen, setChosen] = useState<Record<number, number> | null>(null);
  const activity = useLoaded<Activity>(async () => {
    if (!Number.isInteger(id) || id <= 0) return false;
    const answer = await api.call("/activity/info", { id });
    return isSuccess(answer) && answer.activity ? answer.activity : false;
  }, [id, reload]);

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
  // The member's tags: what the address carries (they came here by narrowing), else this activity's own.
  const tags = chosen ?? chosenFromSearch(search, a.groups);
  const code = a.check.code;
  // The smaller of the team's and the activity's limits (spec 2 section 2), per cycle for a periodic one.
  const limits = [a.team ? (a.team.showStock ?? a.team.formStock) : null, a.hasCycle ? a.cycleCount : (a.displayStock ?? a.formStock)].filter((n): n is number => n !== null);
  const total = limits.length ? Math.min(...limits) : null;

  const start = async () => {
    if (code === "MEMBER_INTERCEPT_NO_POWER") return openDues("intercept");
    const missing = firstMissingGroup(a.groups, tags);
    if (missing) return showMessage(t("result.ERROR_SIGN_TAG", { group: pick(language, missing.nameZh, missing.nameEn) }));
    setSigning(true);
  };

  const onNarrowed = (next: Record<number, number>, only: number | null) => {
    setChosen(next);
    if (only !== null && only !== a.id) navigate(`/activity/info?id=${only}&tags=${Object.values(next).join(",")}`);
  };

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
              <span className="reason-caption" data-testid="reason">
                {t(`activity.reason.${code}`)}
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
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: pick(language, a.contentZh, a.contentEn) }} />
      </section>
      {a.team?.beforeCheckTag && a.groups.length > 0 && !search.get("tags") && chosen === null ? (
        <TagPicker groups={a.groups} onDone={(next, only) => onNarrowed(next, only)} />
      ) : null}
      {signing ? (
        <SignFlow
          activity={a}
          onClose={(changed) => {
            setSigning(false);
            if (changed) setReload((n) => n + 1);
          }}
        />
      ) : null}
    </>
  );
}
