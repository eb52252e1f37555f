// The activity page (/activity/info?id=, spec 2 sections 2 and 4): poster,
// tag groups, title, sign-up dates, places, price and points, the video, the
// content, and the sign-up button or the reason it is not there. Tags narrow
// each other and open the one activity left; a team that asks for it shows
// the group picker before anything else (./activity-article.tsx draws what the
// market item page draws alike). The sign-up windows are ./sign-flow.
import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import { useSnapshot } from "valtio";
import { PageHead } from "../../components/breadcrumb";
import { eventRange } from "../../components/add-to-calendar";
import { pick, useT } from "../../i18n";
import { formatMoney, formatPoints } from "../../lib/format";
import { openDues } from "../../state/membership";
import { session } from "../../state/session";
import { ActivityArticle, ActivityDetails, NothingHere } from "./activity-article";
import { quotaOf } from "./activity-model";
import { useFocusAfterSignUp } from "./focus-after-sign-up";
import { reasonCaption } from "./opening-time";
import { SignFlow } from "./sign-flow";
import { useActivityPage } from "./use-activity-page";
import { VideoPlayer } from "./video-player";
import { EditorTools } from "./editor/tools";
import { usePlacement } from "./activity-layout";
import { worded } from "./wording";
import { offerOf, showsLine, WaitlistPanel } from "./waitlist-panel";
import { LotteryPanel } from "./lottery-panel";

export function ActivityPage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const page = useActivityPage("/activity/info");
  const [signing, setSigning] = useState(false);
  const focus = useFocusAfterSignUp();
  const activity = page.activity;
  const placement = usePlacement(activity || { id: 0, style: {} });
  // From the order list's "Sign up now": the windows open at once on the place held for the member.
  const fromOffer = new URLSearchParams(useSearch()).get("offer") === "1";
  const offer = activity ? offerOf(activity) : null;
  useEffect(() => {
    if (fromOffer && offer && activity) void page.start(activity, () => setSigning(true));
    // Once per offer read: closing the windows does not reopen them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromOffer, offer?.id]);

  const trail = [{ label: t("page.activityIndex"), href: "/activity" }];
  if (activity === false) return <NothingHere title={t("page.activityInfo")} trail={[...trail, { label: t("page.activityInfo") }]} text={t("activity.activityMissing")} />;
  if (activity === null) return <div className="activity-loading" aria-busy="true" />;

  const a = activity;
  const name = pick(language, a.nameZh, a.nameEn);
  const code = a.check.code;
  const total = quotaOf(a);
  // The layout editor places the button and the reason both, whichever this member would see.
  const open = code === "SUCCESS";
  const shownCode = open ? "ERROR_SIGN_NO_POWER" : code;
  // After the sign-up windows close, focus lands on the status that took the button's place.
  const reason = (
    <>
      <span className="reason-caption" data-testid="reason" tabIndex={-1} ref={focus.target}>
        {reasonCaption(t, language, "activity", shownCode, a.signStart, a)}
      </span>
      {code === "MEMBER_INTERCEPT_NO_POWER" ? (
        <button type="button" className="button button-quiet" onClick={() => openDues("intercept")}>
          {t("activity.memberPrompt")}
        </button>
      ) : null}
    </>
  );

  return (
    <>
      <PageHead
        title={name}
        trail={[...trail, { label: pick(language, a.module.nameZh, a.module.nameEn), href: `/activity/module?id=${a.module.id}` }, { label: name }]}
      />
      <EditorTools activity={a} onChanged={page.reload} />
      <ActivityArticle
        page={page}
        activity={a}
        placement={placement}
        className="activity"
        testId="activity"
        face={a.face}
        facts={[
          // Where and when it takes place (China time), beside the sign-up dates, when the editor said.
          ...(a.eventStart && a.eventEnd ? [{ el: "end" as const, label: t("activity.eventWhen"), value: eventRange(a.eventStart, a.eventEnd), testId: "event-time" }] : []),
          ...(pick(language, a.placeZh, a.placeEn) ? [{ el: "end" as const, label: t("activity.eventWhere"), value: pick(language, a.placeZh, a.placeEn), testId: "event-place" }] : []),
          {
            el: "stock",
            label: worded(a, language, "quota", t("activity.stock")),
            value: a.stock === null ? t("activity.unlimited") : total !== null ? t("activity.stockLeft", { left: a.stock, total }) : a.stock,
            testId: "stock",
          },
          { el: "price", label: t("activity.price"), value: a.price > 0 ? `¥${formatMoney(a.price)}` : t("activity.free"), testId: "price", className: "activity-price" },
          ...(a.integral > 0
            ? [
                {
                  el: "price" as const,
                  label: t("activity.points"),
                  value: a.mustIntegral || a.deduction === 0 ? formatPoints(a.integral) : t("activity.deductionOffer", { points: formatPoints(a.integral), money: formatMoney(a.deduction) }),
                },
              ]
            : []),
        ]}
        note={a.integral > 0 ? <p className="muted">{t("activity.yourPoints", { points: formatPoints(a.points) })}</p> : null}
        button={
          open || placement.editing
            ? (look) => (
                <button type="button" className="button button-primary button-large" style={look} onClick={() => open && void page.start(a, () => setSigning(true))} data-testid="sign-up">
                  {worded(a, language, "signUp", t("activity.signUp"))}
                </button>
              )
            : null
        }
        reason={
          // Places by lottery (issue 32): the draw, the member's application and what it became, above the page's own action.
          a.lottery && !placement.editing ? (
            <LotteryPanel
              activity={a}
              name={name}
              reason={reason}
              focus={focus}
              start={(go) => void page.start(a, go)}
              onSignUp={() => void page.start(a, () => setSigning(true))}
              onChanged={page.reload}
            />
          ) : !open || placement.editing
            ? showsLine(a) && !placement.editing
              ? <WaitlistPanel activity={a} name={name} reason={offer ? null : reason} onSignUp={() => void page.start(a, () => setSigning(true))} onChanged={page.reload} />
              : reason
            : null
        }
        player={a.videoId ? <VideoPlayer videoId={a.videoId} /> : null}
        details={<ActivityDetails activity={a} id="activity-details" title={t("activity.details")} />}
      />
      {signing ? (
        <SignFlow
          activity={a}
          offer={offer?.id ?? null}
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
