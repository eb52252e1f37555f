// A market item's page (/market/info?id=, spec 2 section 2 "Market item
// page"): breadcrumb Home > module > item, the face image, the tag selector,
// title, sign-up dates, quota, the per-member maximum, what remains, price
// with deduction and points, the trolley shortcut, the add-to-trolley button
// or the reason it is not there, and the content. Adding goes through the
// sign-up's own windows (questionnaire, family; ../activity/sign-flow) and
// ends at /market/cart/add, then offers the trolley or more browsing.
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { useSnapshot } from "valtio";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { Dialog } from "../../components/dialog";
import { showMessage } from "../../components/message-box";
import { pick, useT } from "../../i18n";
import { formatDateTime, formatMoney, formatPoints } from "../../lib/format";
import { openDues } from "../../state/membership";
import { session } from "../../state/session";
import type { Activity } from "../activity/activity-page";
import { useLoaded } from "../activity/activity-pages";
import { SignFlow } from "../activity/sign-flow";
import { TagGroups, TagPicker } from "../activity/tag-groups";
import { chosenFromSearch, firstMissingGroup } from "../activity/tag-rules";
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
  const search = new URLSearchParams(useSearch());
  const id = Number(search.get("id"));
  const [, navigate] = useLocation();
  const [reload, setReload] = useState(0);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  const [chosen, setChosen] = useState<Record<number, number> | null>(null);
  const [count, setCount] = useCartCount();
  const points = usePoints(reload);
  const item = useLoaded<Activity>(async () => {
    if (!Number.isInteger(id) || id <= 0) return false;
    const answer = await api.call("/activity/info", { id });
    return isSuccess(answer) && answer.activity ? answer.activity : false;
  }, [id, reload]);

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
  const tags = chosen ?? chosenFromSearch(search, a.groups);
  const code = a.check.code;
  const limits = [a.team ? (a.team.showStock ?? a.team.formStock) : null, a.displayStock ?? a.formStock].filter((n): n is number => n !== null);
  const quota = limits.length ? Math.min(...limits) : null;

  const start = async () => {
    if (code === "MEMBER_INTERCEPT_NO_POWER") return openDues("intercept");
    const missing = firstMissingGroup(a.groups, tags);
    if (missing) return showMessage(t("result.ERROR_SIGN_TAG", { group: pick(language, missing.nameZh, missing.nameEn) }));
    setAdding(true);
  };
  const onNarrowed = (next: Record<number, number>, only: number | null) => {
    setChosen(next);
    if (only !== null && only !== a.id) navigate(`/market/info?id=${only}&tags=${Object.values(next).join(",")}`);
  };

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
              <dt>{t("activity.signStart")}</dt>
              <dd>{a.signStart ? formatDateTime(a.signStart) : "—"}</dd>
            </div>
            <div>
              <dt>{t("activity.signEnd")}</dt>
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
                {a.price > 0 ? `¥${formatMoney(a.price)}` : t("market.free")}
              </dd>
            </div>
            {a.integral > 0 ? (
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
                {t(`market.reason.${code}`)}
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
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: pick(language, a.contentZh, a.contentEn) }} />
      </section>
      {a.team?.beforeCheckTag && a.groups.length > 0 && !search.get("tags") && chosen === null ? <TagPicker groups={a.groups} onDone={(next, only) => onNarrowed(next, only)} /> : null}
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
            if (changed) setReload((n) => n + 1);
          }}
        />
      ) : null}
      {added ? <AddedWindow onClose={() => setAdded(false)} /> : null}
    </>
  );
}
