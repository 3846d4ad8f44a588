import { formatDeliveryCost, formatMinutesRange, formatMoney, takesOffDelivery } from "@storefront/domain";
import type { Cart } from "@storefront/domain/contract";
import { useId, useState } from "react";
import { useLocale, useT } from "../lib/i18n.ts";
import { promoDeliveryDiscount } from "./cart-button.tsx";
import { Icon } from "./icons.tsx";
import { InfoHint } from "./info-hint.tsx";

/** The cart's sums: products, delivery time and cost, promo, fees, taxes and the final total. */
export type PricedSummary = Pick<
  Cart,
  "currencyCode" | "prices" | "receiptType" | "deliveryTime" | "promocode" | "tipAmount"
>;

export function CartTotals({
  cart,
  onDeliveryInfo,
}: {
  cart: PricedSummary;
  /** Opens the cart delivery price popup (the cart only, not an order). */
  onDeliveryInfo?: (() => void) | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const taxesId = useId();
  const [taxesOpen, setTaxesOpen] = useState(false);
  const money = (amount: number) => formatMoney(amount, cart.currencyCode, locale);
  const { prices } = cart;
  const freeByPromo = promoDeliveryDiscount(cart) > 0;
  const namedTaxes = prices.taxes.filter((tax) => tax.name);
  const row = "flex min-h-8 items-center justify-between gap-3";
  return (
    <dl className="grid gap-1 text-sm">
      <div className={row}>
        <dt>{t("cart.productsTotal")}</dt>
        <dd>{money(prices.cartTotal)}</dd>
      </div>
      {cart.receiptType === "DELIVERY" && cart.deliveryTime && (
        <div className={row}>
          <dt>{t("cart.deliveryTime")}</dt>
          <dd>
            {t("vendor.minutes", { time: formatMinutesRange(cart.deliveryTime.min, cart.deliveryTime.max) })}
          </dd>
        </div>
      )}
      {cart.receiptType === "DELIVERY" && (
        <div className={row}>
          <dt className="flex items-center gap-1">
            {t("cart.delivery")}
            {onDeliveryInfo && (
              <button
                type="button"
                onClick={onDeliveryInfo}
                aria-label={t("cart.delivery.about")}
                className="-m-1.5 grid size-11 place-items-center text-ink-soft"
              >
                <Icon name="info" className="size-5" />
              </button>
            )}
          </dt>
          <dd className={freeByPromo ? "font-medium text-green-700" : ""}>
            {freeByPromo
              ? t("cart.delivery.freeByPromo")
              : prices.deliveryTotal === 0
                ? t("cart.delivery.freeShort")
                : formatDeliveryCost(prices.deliveryTotal, cart.currencyCode, locale)}
          </dd>
        </div>
      )}
      {prices.discounts
        .filter((discount) => !takesOffDelivery(discount))
        .map((discount) => (
          <div key={discount.type} className={`${row} font-medium text-green-700`}>
            <dt>
              {discount.type === "LOYALTY"
                ? t("cart.points.line", { count: String(discount.points) })
                : t("cart.promo.line", { code: cart.promocode ?? "" })}
            </dt>
            <dd>−{money(discount.discountTotal)}</dd>
          </div>
        ))}
      {prices.fees.map((fee) => (
        <div key={`${fee.name}-${fee.description}-${fee.amount}`} className={row}>
          <dt className="flex items-center gap-1">
            {fee.name ?? t("cart.serviceFee")}
            {fee.description && <InfoHint label={fee.name ?? t("cart.serviceFee")} text={fee.description} />}
          </dt>
          <dd>{money(fee.amount)}</dd>
        </div>
      ))}
      {cart.tipAmount > 0 && (
        <div className={row}>
          <dt>{t("cart.tip")}</dt>
          <dd>{money(cart.tipAmount)}</dd>
        </div>
      )}
      {namedTaxes.length > 0 && (
        <>
          <div className={row}>
            <dt>
              <button
                type="button"
                aria-expanded={taxesOpen}
                aria-controls={taxesId}
                onClick={() => setTaxesOpen((open) => !open)}
                className="min-h-8 underline decoration-dotted underline-offset-4"
              >
                {namedTaxes.every((tax) => tax.included) ? t("cart.taxes.included") : t("cart.taxes")}
              </button>
            </dt>
            <dd>{money(prices.taxTotal)}</dd>
          </div>
          <div id={taxesId} hidden={!taxesOpen} className="grid gap-1 ps-3 text-ink-soft">
            {namedTaxes.map((tax) => (
              <div key={tax.name} className={row}>
                <dt>
                  {t("cart.tax", { name: tax.name ?? "", rate: tax.rate })}
                  {tax.included && ` · ${t("cart.tax.included")}`}
                </dt>
                <dd>{money(tax.amount)}</dd>
              </div>
            ))}
          </div>
        </>
      )}
      <div className={`${row} border-t border-line pt-2 text-base font-bold`}>
        <dt>{t("cart.finalTotal")}</dt>
        <dd>{money(prices.finalTotal)}</dd>
      </div>
    </dl>
  );
}
