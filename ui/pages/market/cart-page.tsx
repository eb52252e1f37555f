// The trolley (/market/cart, spec 2 section 2 "Trolley page"): select all,
// a check per row, image, name, unit price, quantity with minus and plus,
// subtotal, delete (after a confirmation), and the checkout button; the
// table is padded to 6 rows. A row whose item can no longer be signed up
// says why (its sign.code, decided by the server now).
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { confirm, showMessage } from "../../components/message-box";
import { dataKey, pick, resultText, useT } from "../../i18n";
import { formatMoney, formatPoints } from "../../lib/format";
import { session } from "../../state/session";
import { useLoaded } from "../../lib/use-loaded";

export type CartRow = ItemOf<"/market/cart/list">;

/** Spec 2 section 9: the trolley's table shows at least 6 rows. */
const PAD_ROWS = 6;

/** What a row costs: money (the full price; the deduction is chosen at checkout) and the points a points-only item takes. */
export const rowCost = (r: CartRow) => ({ money: r.activity.price * r.count, points: r.activity.mustIntegral ? r.activity.integral * r.count : 0 });

/** The reason a row cannot be checked out, in words. */
export function useReason(): (code: string) => string {
  const t = useT();
  return (code) => {
    const key = dataKey("market.reason", code);
    const text = t(key);
    return text === key ? resultText(t, { code: code as never }) : text;
  };
}

export function Cost({ money, points }: { money: number; points: number }) {
  const t = useT();
  return (
    <>
      {money > 0 || points === 0 ? <span className="money">¥{formatMoney(money)}</span> : null}
      {points > 0 ? <span className="points">{t("market.pointsCost", { points: formatPoints(points) })}</span> : null}
    </>
  );
}

export function CartPage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const [, navigate] = useLocation();
  const [version, setVersion] = useState(0);
  const rows = useLoaded<CartRow[]>(async () => {
    const answer = await api.call("/market/cart/list");
    return isSuccess(answer) && answer.list ? [...answer.list] : false;
  }, [version]);
  const reason = useReason();
  const reload = () => setVersion((n) => n + 1);

  /** A trolley call; a refusal is told, then the rows are read again either way. */
  const act = async (call: () => ReturnType<typeof api.call>) => {
    const answer = await call();
    if (!isSuccess(answer)) await showMessage(resultText(t, answer.message));
    reload();
  };

  if (rows === false)
    return (
      <>
        <PageHead title={t("page.shoppingcart")} />
        <p className="panel empty-note">{resultText(t, undefined)}</p>
      </>
    );
  const list = rows ?? [];
  const checked = list.filter((r) => r.checked);
  const total = checked.reduce((sum, r) => ({ money: sum.money + rowCost(r).money, points: sum.points + rowCost(r).points }), { money: 0, points: 0 });
  const units = checked.reduce((n, r) => n + r.count, 0);
  const allChecked = list.length > 0 && checked.length === list.length;

  const remove = async (r: CartRow) => {
    const name = pick(language, r.activity.nameZh, r.activity.nameEn);
    if (await confirm(t("market.cart.confirmRemove", { name }))) await act(() => api.call("/market/cart/sub", { all: 1, id: r.id }));
  };
  const checkout = () => (checked.length === 0 ? void showMessage(t("result.ERROR_CART_EMPTY")) : navigate("/market/place"));

  return (
    <>
      <PageHead title={t("page.shoppingcart")} />
      <section className="panel cart" data-testid="cart">
        <table className="cart-table">
          <caption className="visually-hidden">{t("market.cart.caption")}</caption>
          <thead>
            <tr>
              <th scope="col" className="cart-check">
                <label className="cart-select-all">
                  <input
                    type="checkbox"
                    checked={allChecked}
                    disabled={list.length === 0}
                    onChange={() => void act(() => api.call("/market/cart/check/all", { check: allChecked ? 0 : 1 }))}
                    data-testid="select-all"
                  />
                  <span>{t("market.cart.selectAll")}</span>
                </label>
              </th>
              <th scope="col" colSpan={2}>
                {t("market.cart.item")}
              </th>
              <th scope="col">{t("market.cart.unitPrice")}</th>
              <th scope="col">{t("market.cart.quantity")}</th>
              <th scope="col">{t("market.cart.subtotal")}</th>
              <th scope="col">{t("market.cart.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => {
              const name = pick(language, r.activity.nameZh, r.activity.nameEn);
              const cost = rowCost(r);
              const unit = { money: r.activity.price, points: r.activity.mustIntegral ? r.activity.integral : 0 };
              return (
                <tr key={r.id} className={`cart-row${r.checked ? " is-checked" : ""}`} data-testid="cart-row" data-id={r.activity.id}>
                  <td className="cart-check">
                    <input type="checkbox" checked={r.checked} aria-label={t("market.cart.select", { name })} onChange={() => void act(() => api.call("/market/cart/check", { id: r.id }))} data-testid="row-check" />
                  </td>
                  <td className="cart-image">{r.activity.face ? <img src={r.activity.face} alt="" width={80} height={50} /> : null}</td>
                  <td className="cart-name">
                    <Link href={`/market/info?id=${r.activity.id}`}>{name}</Link>
                    {r.sign.code !== "SUCCESS" ? (
                      <span className="cart-reason" data-testid="row-reason">
                        {t("market.cart.cannot", { reason: reason(r.sign.code) })}
                      </span>
                    ) : null}
                  </td>
                  <td className="cart-unit" data-label={t("market.cart.unitPrice")}>
                    <Cost {...unit} />
                  </td>
                  <td className="cart-quantity" data-label={t("market.cart.quantity")}>
                    <span className="stepper">
                      <button type="button" aria-label={t("market.cart.minus", { name })} disabled={r.count <= 1} onClick={() => void act(() => api.call("/market/cart/sub", { all: 0, id: r.id }))} data-testid="minus">
                        −
                      </button>
                      <output data-testid="quantity">{r.count}</output>
                      <button
                        type="button"
                        aria-label={t("market.cart.plus", { name })}
                        disabled={r.count >= r.activity.formCount}
                        onClick={() => void act(() => api.call("/market/cart/check/add", { id: r.id }))}
                        data-testid="plus"
                      >
                        +
                      </button>
                    </span>
                  </td>
                  <td className="cart-subtotal" data-label={t("market.cart.subtotal")} data-testid="subtotal">
                    <Cost {...cost} />
                  </td>
                  <td className="cart-actions">
                    <button type="button" className="link-button" aria-label={t("market.cart.removeOne", { name })} onClick={() => void remove(r)} data-testid="remove">
                      {t("market.cart.remove")}
                    </button>
                  </td>
                </tr>
              );
            })}
            {rows !== null && list.length === 0 ? (
              <tr className="cart-empty">
                <td colSpan={7}>{t("market.cart.empty")}</td>
              </tr>
            ) : null}
            {Array.from({ length: Math.max(0, PAD_ROWS - Math.max(list.length, 1)) }, (_, i) => (
              <tr key={`pad-${i}`} className="cart-pad" aria-hidden="true">
                <td colSpan={7} />
              </tr>
            ))}
          </tbody>
        </table>
        <div className="cart-foot">
          <span className="muted">{t("market.cart.checked", { count: units })}</span>
          <span className="cart-total" data-testid="cart-total">
            {t("market.cart.total")}
            <Cost {...total} />
          </span>
          <button type="button" className="button button-primary" onClick={checkout} disabled={rows === null} data-testid="checkout">
            {t("market.cart.checkout")}
          </button>
        </div>
      </section>
    </>
  );
}
