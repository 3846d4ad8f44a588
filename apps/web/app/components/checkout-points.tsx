import { formatMoney } from "@storefront/domain";
import type { Cart } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { useState } from "react";
import { useCart } from "../lib/cart.tsx";
import { useHydrated } from "../lib/hydrated.ts";
import { useLocale, useT } from "../lib/i18n.ts";

/**
 * The customer's loyalty points at checkout: a box that pays for goods with them, as many as the
 * cart may spend (the server prices the line). Shown to a signed-in customer with points where the
 * city runs a programme.
 */
export function CheckoutPoints({ cart }: { cart: Cart }) {
  const t = useT();
  const locale = useLocale();
  const cartState = useCart();
  const live = useHydrated();
  // The box shows the choice at once; the cart's answer then confirms it (or not).
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const { loyalty } = cart;
  if (!loyalty || loyalty.balance === 0) return null;
  const money = (amount: number) => formatMoney(amount, cart.currencyCode, locale);
  const spent = cart.prices.discounts.find((discount) => discount.type === "LOYALTY");
  const offered = loyalty.redeemablePoints;
  const canChoose = loyalty.usePoints || offered > 0;
  const choose = async (usePoints: boolean) => {
    setChoosing(usePoints);
    await cartState.change(endpoints.carts.update(cart.cartId), { usePoints });
    setChoosing(null);
  };
  return (
    <section className="grid gap-2">
      <h2 className="text-lg font-semibold">{t("checkout.points")}</h2>
      <label className="flex min-h-12 cursor-pointer items-start gap-3 py-1">
        <input
          type="checkbox"
          className="mt-1 size-5 accent-brand"
          checked={choosing ?? loyalty.usePoints}
          disabled={!live || choosing !== null || !canChoose}
          onChange={(event) => void choose(event.target.checked)}
        />
        {canChoose ? (
          <span>
            {spent
              ? t("checkout.points.using", {
                  count: String(spent.points),
                  amount: money(spent.discountTotal),
                })
              : t("checkout.points.offer", {
                  count: String(offered),
                  amount: money(offered * loyalty.pointValue),
                })}
            <span className="block text-sm text-ink-soft">
              {t("checkout.points.balance", { count: String(loyalty.balance) })}
            </span>
          </span>
        ) : (
          <span>
            {t("checkout.points.minimum", {
              count: String(loyalty.balance),
              minimum: String(loyalty.minimumToRedeem),
            })}
          </span>
        )}
      </label>
    </section>
  );
}
