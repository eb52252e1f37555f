// The confirmation (spec 2 section 4): what is signed up for, what it costs in
// money and points, who comes along, then submit (or add to the trolley, or,
// for a lottery, send the application).
import { useSnapshot } from "valtio";
import { joinList, pick, useT } from "../../../i18n";
import { formatMoney, formatPoints } from "../../../lib/format";
import { session } from "../../../state/session";
import { type Clan, type SignFlowState, chargeOfDraft } from "./flow-state";
import type { StepSpec } from "./step-window";

function Confirmation({ flow }: { flow: SignFlowState }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const { activity, draft, family, toCart, applying } = flow;
  const { amount: payable, points } = chargeOfDraft(activity, draft);
  const chosenFamily = (family ?? []).filter((f) => draft.clans.some((c) => c.id === f.id));
  const giftName = (clan: Clan) => {
    const gift = activity.relationships.flatMap((r) => r.gifts).find((g) => g.id === clan.gift);
    return gift ? pick(language, gift.nameZh, gift.nameEn) : "";
  };
  return (
    <>
      {applying ? (
        <p className="flow-intro" data-testid="apply-note">
          {t("lottery.confirmNote")}
        </p>
      ) : null}
      <dl className="confirm-list">
        <div>
          <dt>{t(toCart ? "market.confirmItem" : "activity.confirm.activity")}</dt>
          <dd>{pick(language, activity.nameZh, activity.nameEn)}</dd>
        </div>
        <div>
          <dt>{t("activity.confirm.payable")}</dt>
          <dd data-testid="payable">{payable > 0 ? `¥${formatMoney(payable)}` : t("activity.free")}</dd>
        </div>
        {points > 0 ? (
          <div>
            <dt>{t("activity.confirm.pointsCharged")}</dt>
            <dd>{formatPoints(points)}</dd>
          </div>
        ) : null}
        {chosenFamily.length > 0 ? (
          <div>
            <dt>{t("activity.confirm.members")}</dt>
            <dd>
              {joinList(
                language,
                chosenFamily.map((f) => {
                  const gift = giftName(draft.clans.find((c) => c.id === f.id)!);
                  return gift ? t("activity.confirm.memberGift", { name: f.name, gift }) : f.name;
                }),
              )}
            </dd>
          </div>
        ) : null}
        {draft.quiz ? (
          <div>
            <dt>{t("activity.steps.quiz")}</dt>
            <dd>{t("activity.confirm.answers", { count: draft.quiz.drawn.queries.length })}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}

export const confirmStep: StepSpec = {
  title: (flow, t) => t(flow.toCart ? "market.confirmTitle" : flow.applying ? "lottery.confirmTitle" : "activity.confirm.title"),
  testId: "confirm-step",
  Body: Confirmation,
  onNext: (flow) => void flow.submit(),
  nextLabel: (flow, t) => t(flow.toCart ? "market.addToCart" : flow.applying ? "lottery.submit" : "activity.submit"),
};
