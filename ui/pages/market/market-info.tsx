// A market item's page (/market/info?id=, spec 2 section 2 "Market item
// page"): breadcrumb Home > module > item, the face image, the tag selector,
// title, sign-up dates, quota, the per-member maximum, what remains, price
// with deduction and points, the trolley shortcut, the add-to-trolley button
// or the reason it is not there, and the content. Adding goes through the
// sign-up's own windows (questionnaire, family; ../activity/sign-flow) and
// ends at /market/cart/add, then offers the trolley or more browsing.
import { useState } from "react";
import { useLocation } from "wouter";
import { useSnapshot } from "valtio";
import { PageHead } from "../../components/breadcrumb";
import { Dialog } from "../../components/dialog";
import { pick, useT } from "../../i18n";
import { formatMoney, formatPoints } from "../../lib/format";
import { openDues } from "../../state/membership";
import { session } from "../../state/session";
import { reasonCaption } from "../activity/opening-time";
import { SignFlow } from "../activity/sign-flow";
import { ActivityArticle, ActivityDetails, NothingHere } from "../activity/activity-article";
import { EditorTools } from "../activity/editor/tools";
import { usePlacement } from "../activity/activity-layout";
import { worded } from "../activity/wording";
import { quotaOf } from "../activity/activity-model";
import { useActivityPage } from "../activity/use-activity-page";
import { MarketBar, useCartCount, usePoints } from "./market-bar";

function AddedWindow({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <Dialog
      title={t("market.addedTitle")}
      onClose={onClose}
      width={420}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={onClose} data-testid="keep-browsing">
            {t("market.keepBrowsing")}
          </button>
          <button type="button" className="button button-primary" onClick={() => navigate("/market/cart")} data-autofocus data-testid="go-cart">
            {t("market.goCart")}
          </button>
        </>
      }
    >
      <p className="ticket-success" data-testid="added">
        {t("market.added")}
      </p>
    </Dialog>
  );
}

export function MarketInfoPage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const page = useActivityPage("/market/info");
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  const [count, setCount] = useCartCount();
  const points = usePoints(page.version);
  const item = page.activity;
  const placement = usePlacement(item || { id: 0, style: {} });

  if (item === false) return <NothingHere title={t("page.marketInfo")} text={t("market.itemMissing")} />;
  if (item === null) return <div className="activity-loading" aria-busy="true" />;

  const a = item;
  const name = pick(language, a.nameZh, a.nameEn);
  const code = a.check.code;
  const quota = quotaOf(a);
  // The layout editor places the button and the reason both, whichever this member would see.
  const open = code === "SUCCESS";
  const shownCode = open ? "ERROR_SIGN_NO_POWER" : code;
  const bar = <MarketBar count={count} points={points} />;

  return (
    <>
      <PageHead title={name} trail={[{ label: pick(language, a.module.nameZh, a.module.nameEn), href: `/market?id=${a.module.id}` }, { label: name }]} />
      {placement.placed || placement.hidden.has("shoppingcart") ? null : bar}
      <EditorTools activity={a} onChanged={page.reload} />
      <ActivityArticle
        page={page}
        activity={a}
        placement={placement}
        className="activity market-item"
        testId="market-item"
        face={a.face || a.team?.face}
        dates={{ start: t("market.redeemStart"), end: t("market.redeemEnd") }}
        facts={[
          { el: "stock", label: worded(a, language, "quota", t("market.quota")), value: quota === null ? t("market.unlimited") : quota },
          { el: "count", label: worded(a, language, "maxQuota", t("market.maximum")), value: a.formCount, testId: "maximum" },
          { el: "surplus", label: worded(a, language, "remaining", t("market.remaining")), value: a.stock === null ? t("market.unlimited") : a.stock, testId: "stock" },
          { el: "price", label: t("market.price"), value: a.price > 0 ? `¥${formatMoney(a.price)}` : a.integral > 0 ? t("market.pointsCost", { points: formatPoints(a.integral) }) : t("market.free"), testId: "price", className: "activity-price" },
          ...(a.integral > 0 && a.price > 0
            ? [
                {
                  el: "price" as const,
                  label: t("market.pointsOnly"),
                  value: a.mustIntegral || a.deduction === 0 ? formatPoints(a.integral) : t("market.deduction", { points: formatPoints(a.integral), money: formatMoney(a.deduction) }),
                  testId: "item-points",
                },
              ]
            : []),
        ]}
        button={
          open || placement.editing
            ? (look) => (
                <button type="button" className="button button-primary button-large" style={look} onClick={() => open && void page.start(a, () => setAdding(true))} data-testid="add-to-cart">
                  {worded(a, language, "signUp", t("market.addToCart"))}
                </button>
              )
            : null
        }
        reason={
          !open || placement.editing ? (
            <>
              <span className="reason-caption" data-testid="reason">
                {reasonCaption(t, language, "market", shownCode, a.signStart, a)}
              </span>
              {code === "MEMBER_INTERCEPT_NO_POWER" ? (
                <button type="button" className="button button-quiet" onClick={() => openDues("intercept")}>
                  {t("activity.memberPrompt")}
                </button>
              ) : null}
            </>
          ) : null
        }
        cart={bar}
        details={<ActivityDetails activity={a} id="item-details" title={t("market.details")} />}
      />
      {adding ? (
        <SignFlow
          activity={a}
          toCart={(n) => {
            setAdding(false);
            setCount(n);
            setAdded(true);
          }}
          onClose={(changed) => {
            setAdding(false);
            if (changed) page.reload();
          }}
        />
      ) : null}
      {added ? <AddedWindow onClose={() => setAdded(false)} /> : null}
    </>
  );
}
