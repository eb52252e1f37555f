// Checkout (/market/place, spec 2 section 2 "Checkout page"): the delivery
// address (the chosen one, more behind a toggle, and an add-address
// control), the checked rows, the points deduction toggle (only when an item
// allows it), the current points, the total payable, the ship-to summary and
// submit. /market/place signs every checked row up at once; money due opens
// the payment window (polled every 3 s, spec 2 section 9), nothing due says
// it is done. A refusal names the item it was about; confirming reloads.
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { showMessage } from "../../components/message-box";
import { OrderPayWindow } from "../../components/order-pay-window";
import { pick, resultText, useT } from "../../i18n";
import { formatMoney, formatPoints, maskPhone } from "../../lib/format";
import { session } from "../../state/session";
import { useLoaded } from "../../lib/use-loaded";
import { AddressChoices, placeOf } from "../centre/address-choices";
import type { Address } from "../centre/address-dialog";
import { type CartRow, Cost } from "./cart-page";
import { usePoints } from "./market-bar";

/** Spec 2 section 9: the checkout's payment window polls every 3 seconds. */
const CHECKOUT_POLL_MS = 3_000;

/** An item the member may take the deduction on (spec 2 section 5: price and points above 0, points not mandatory). */
const deductible = (a: CartRow["activity"]) => a.price > 0 && a.deduction > 0 && a.integral > 0 && !a.mustIntegral;

/** What the checked rows cost with or without the deduction: money in fen, points in hundredths. */
export function checkoutCost(rows: readonly CartRow[], deduct: boolean) {
  let money = 0;
  let points = 0;
  for (const { activity: a, count } of rows) {
    const off = deduct && deductible(a);
    money += count * Math.max(0, a.price - (off ? a.deduction : 0));
    points += count * (a.mustIntegral || off ? a.integral : 0);
  }
  return { money, points };
}

type Placed = AnswerOf<"/market/place">;

export function PlacePage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const [, navigate] = useLocation();
  const [version, setVersion] = useState(0);
  const [address, setAddress] = useState<Address | null>(null);
  const [deduct, setDeduct] = useState(false);
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const points = usePoints(version);
  const rows = useLoaded<CartRow[]>(async () => {
    const answer = await api.call("/market/cart/list");
    return isSuccess(answer) && answer.list ? answer.list.filter((r) => r.checked) : false;
  }, [version]);

  const title = t("page.place");
  const trail = [{ label: t("page.shoppingcart"), href: "/market/cart" }, { label: title }];
  if (rows === null) return <div className="activity-loading" aria-busy="true" />;
  if (rows === false || rows.length === 0)
    return (
      <>
        <PageHead title={title} trail={trail} />
        <div className="panel empty-note">
          <p>{t("market.place.nothing")}</p>
          <Link href="/market/cart">{t("market.place.backToCart")}</Link>
        </div>
      </>
    );

  const shipped = rows.some((r) => r.activity.hasAddress);
  const canDeduct = rows.some((r) => deductible(r.activity));
  const cost = checkoutCost(rows, canDeduct && deduct);
  const saving = checkoutCost(rows, false).money - checkoutCost(rows, true).money;
  const extraPoints = checkoutCost(rows, true).points - checkoutCost(rows, false).points;
  const toOrders = () => navigate("/information?page=order");

  const submit = async () => {
    if (busy) return;
    if (shipped && !address) return showMessage(t("result.ERROR_SIGN_ADDRESS"));
    setBusy(true);
    const answer = await api.call("/market/place", { integral: canDeduct && deduct ? 1 : 0, address: shipped ? address!.id : null }).finally(() => setBusy(false));
    if (!isSuccess(answer)) {
      const failed = rows.find((r) => r.activity.id === answer.message?.params?.activity);
      const reason = resultText(t, answer.message);
      await showMessage(failed ? t("market.place.failed", { name: pick(language, failed.activity.nameZh, failed.activity.nameEn), reason }) : reason);
      // The spec: confirming reloads the member's figures and the page.
      return setVersion((n) => n + 1);
    }
    const done = answer as Placed;
    if (done.pay && done.expires) return setPlaced(done);
    await showMessage(t("market.place.success"));
    toOrders();
  };

  return (
    <>
      <PageHead title={title} trail={trail} />
      <div className={`place${canDeduct && deduct ? " is-deducting" : ""}`} data-testid="place">
        {shipped ? (
          <section className="panel place-section" aria-labelledby="place-address">
            <h2 id="place-address" className="section-title">
              {t("market.place.address")}
            </h2>
            <AddressChoices legend={t("address.select")} chosen={address?.id ?? null} preselect collapsible onChoose={setAddress} />
          </section>
        ) : null}
        <section className="panel place-section" aria-labelledby="place-items">
          <h2 id="place-items" className="section-title">
            {t("market.place.items")}
          </h2>
          <ul className="place-items">
            {rows.map((r) => (
              <li key={r.id} className="place-item" data-testid="place-item">
                {r.activity.face ? <img src={r.activity.face} alt="" width={64} height={40} /> : <span className="place-item-image" />}
                <span className="place-item-name">{pick(language, r.activity.nameZh, r.activity.nameEn)}</span>
                <span className="place-item-count">× {r.count}</span>
                <span className="place-item-cost">
                  <Cost money={r.activity.price * r.count} points={r.activity.mustIntegral ? r.activity.integral * r.count : 0} />
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="panel place-section place-summary" aria-label={t("market.place.payable")}>
          {canDeduct ? (
            <label className="place-deduction">
              <input type="checkbox" checked={deduct} disabled={(points ?? 0) <= 0} onChange={(e) => setDeduct(e.target.checked)} data-testid="use-deduction" />
              <span>
                {t("market.place.useDeduction")}
                <span className="muted"> · {t("market.place.deductionNote", { points: formatPoints(extraPoints), money: formatMoney(saving) })}</span>
              </span>
            </label>
          ) : null}
          <p className="muted" data-testid="balance">
            {t("market.place.balance", { points: points === null ? "—" : formatPoints(points) })}
          </p>
          {cost.points > 0 ? <p data-testid="points-charged">{t("market.place.pointsCharged", { points: formatPoints(cost.points) })}</p> : null}
          <p className="place-total">
            {t("market.place.payable")}
            <strong data-testid="payable">¥{formatMoney(cost.money)}</strong>
          </p>
          <p className="muted place-ship" data-testid="ship-to">
            {shipped
              ? address
                ? t("market.place.shipTo", { place: placeOf(address, language), name: address.name, phone: maskPhone(address.phone) })
                : t("market.place.noAddress")
              : t("market.place.noShipping")}
          </p>
          <button type="button" className="button button-primary button-large" onClick={() => void submit()} disabled={busy} data-testid="submit-order">
            {t("market.place.submit")}
          </button>
        </section>
      </div>
      {placed ? (
        <OrderPayWindow
          trade={placed.trade}
          pay={placed.pay!}
          amount={placed.amount}
          points={cost.points}
          expires={placed.expires!}
          pollMs={CHECKOUT_POLL_MS}
          onPaid={() => void showMessage(t("market.place.paid")).then(toOrders)}
          onExpired={() => void showMessage(t("market.place.expired")).then(() => setPlaced(null))}
          onClose={toOrders}
        />
      ) : null}
    </>
  );
}
