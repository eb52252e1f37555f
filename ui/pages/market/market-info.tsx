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
import { pick, pickHtml, useT } from "../../i18n";
import { formatDateTime, formatMoney, formatPoints } from "../../lib/format";
import { openDues } from "../../state/membership";
import { session } from "../../state/session";
import { reasonCaption } from "../activity/opening-time";
import { SignFlow } from "../activity/sign-flow";
import { TagGroups, TagPicker } from "../activity/tag-groups";
import { quotaOf, useActivityPage } from "../activity/use-activity-page";
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

  if (item === false)
    return (
      <>
        <PageHead title={t("page.marketInfo")} />
        <p className="panel empty-note">{t("market.itemMissing")}</p>
      </>
    );
  if (item === null) return <div className="activity-loading" aria-busy="true" />;

  const a = item;
  const name = pick(language, a.nameZh, a.nameEn);
  const tags = page.tagsOf(a);
  const code = a.check.code;
  const quota = quotaOf(a);
  const start = () => page.start(a, () => setAdding(true));
  const onNarrowed = page.onNarrowed(a);

  return (
    <>
      <PageHead title={name} trail={[{ label: pick(language, a.module.nameZh, a.module.nameEn), href: `/market?id=${a.module.id}` }, { label: name }]} />
      <MarketBar count={count} points={points} />
      <article className="activity market-item" data-testid="market-item" data-check={code}>
        <div className="activity-poster">{a.face || a.team?.face ? <img src={a.face ?? a.team!.face!} alt="" /> : null}</div>
        <div className="activity-facts">
          {a.groups.length > 0 ? <TagGroups groups={a.groups} chosen={tags} onChange={onNarrowed} /> : null}
          <h2 className="activity-title">{name}</h2>
          <dl className="activity-fact-list">
            <div>
              <dt>{t("market.redeemStart")}</dt>
              <dd>{a.signStart ? formatDateTime(a.signStart) : "—"}</dd>
            </div>
            <div>
              <dt>{t("market.redeemEnd")}</dt>
              <dd>{a.signEnd ? formatDateTime(a.signEnd) : "—"}</dd>
            </div>
            <div>
              <dt>{t("market.quota")}</dt>
              <dd>{quota === null ? t("market.unlimited") : quota}</dd>
            </div>
            <div>
              <dt>{t("market.maximum")}</dt>
              <dd data-testid="maximum">{a.formCount}</dd>
            </div>
            <div>
              <dt>{t("market.remaining")}</dt>
              <dd data-testid="stock">{a.stock === null ? t("market.unlimited") : a.stock}</dd>
            </div>
            <div>
              <dt>{t("market.price")}</dt>
              <dd className="activity-price" data-testid="price">
                {a.price > 0 ? `¥${formatMoney(a.price)}` : a.integral > 0 ? t("market.pointsCost", { points: formatPoints(a.integral) }) : t("market.free")}
              </dd>
            </div>
            {a.integral > 0 && a.price > 0 ? (
              <div>
                <dt>{t("market.pointsOnly")}</dt>
                <dd data-testid="item-points">
                  {a.mustIntegral || a.deduction === 0 ? formatPoints(a.integral) : t("market.deduction", { points: formatPoints(a.integral), money: formatMoney(a.deduction) })}
                </dd>
              </div>
            ) : null}
          </dl>
          <div className="activity-action">
            {code === "SUCCESS" ? (
              <button type="button" className="button button-primary button-large" onClick={() => void start()} data-testid="add-to-cart">
                {t("market.addToCart")}
              </button>
            ) : (
              <span className="reason-caption" data-testid="reason">
                {reasonCaption(t, language, "market", code, a.signStart)}
              </span>
            )}
            {code === "MEMBER_INTERCEPT_NO_POWER" ? (
              <button type="button" className="button button-quiet" onClick={() => openDues("intercept")}>
                {t("activity.memberPrompt")}
              </button>
            ) : null}
          </div>
        </div>
      </article>
      <section className="panel activity-content" aria-labelledby="item-details">
        <h2 id="item-details" className="section-title">
          {t("market.details")}
        </h2>
        {/* Cleaned by the server to the editor's vocabulary (src/domains/shared/rich-text.ts). */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: pickHtml(language, a.contentZh, a.contentEn) }} />
      </section>
      {page.picksFirst(a) ? <TagPicker groups={a.groups} onDone={(next, only) => onNarrowed(next, only)} /> : null}
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
