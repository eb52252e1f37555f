// What the market pages show at their head: the member's points balance and
// the trolley entry with its badge (the sum of the rows' counts).
import { Link } from "wouter";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { useT } from "../../i18n";
import { formatPoints } from "../../lib/format";
import { useLoaded, useLoader } from "../../lib/use-loaded";

/** The trolley badge's count; `set` takes the count an add answered. */
export function useCartCount(): [number | null, (n: number) => void] {
  const { value, set } = useLoader(() => api.call("/market/cart/count").then((a) => isSuccess(a) && { count: a.count ?? 0 }), []);
  return [value ? value.count : null, (count) => set({ count })];
}

/** The member's points balance, read again when `key` changes (the last one shown meanwhile). */
export function usePoints(key: unknown = 0): number | null {
  const points = useLoaded(() => api.call("/user/integral/balance").then((a) => isSuccess(a) && { balance: a.balance ?? 0 }), [key], { keep: true });
  return points ? points.balance : null;
}

export function CartLink({ count }: { count: number | null }) {
  const t = useT();
  return (
    <Link href="/market/cart" className="cart-link" data-testid="cart-link">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.76L20 8H6.2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="9" cy="19" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19" r="1.5" fill="currentColor" />
      </svg>
      <span>{t("market.trolley")}</span>
      <span className="cart-badge" data-testid="cart-count">
        {count ?? 0}
      </span>
    </Link>
  );
}

export function MarketBar({ count, points }: { count: number | null; points: number | null }) {
  const t = useT();
  return (
    <div className="market-bar">
      <span className="market-points" data-testid="points">
        {t("market.points", { points: points === null ? "—" : formatPoints(points) })}
      </span>
      <CartLink count={count} />
    </div>
  );
}
