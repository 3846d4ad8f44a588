import { formatDate, formatMoney } from "@storefront/domain";
import type { CustomerPromoCode } from "@storefront/domain/contract";
import { useCityClock } from "../lib/city-clock.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { Ltr } from "./ltr.tsx";

/** What a promo code gives, in the reader's words: "€5 off", "10% off", "Free delivery". */
function useBenefit() {
  const t = useT();
  const locale = useLocale();
  return (promo: CustomerPromoCode) => {
    if (promo.type === "FREE_DELIVERY") return t("promo.freeDelivery");
    if (promo.type === "PERCENT") return t("promo.percentOff", { value: promo.value });
    return t("promo.amountOff", {
      amount: promo.currencyCode ? formatMoney(promo.value, promo.currencyCode, locale) : String(promo.value),
    });
  };
}

/** The customer's promo codes; with `onApply`, each can be applied to the cart. */
export function PromoCodeList({
  promoCodes,
  onApply,
}: {
  promoCodes: CustomerPromoCode[];
  onApply?: (code: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const benefit = useBenefit();
  const clockOf = useCityClock();
  if (promoCodes.length === 0)
    return (
      <div className="py-6 text-center">
        <p className="text-lg font-semibold">{t("promo.empty")}</p>
        <p className="mt-1 text-ink-soft">{t("promo.empty.hint")}</p>
      </div>
    );
  return (
    <ul className="grid gap-3">
      {promoCodes.map((promo) => (
        <li
          key={promo.id}
          className="flex items-center gap-3 rounded-2xl border border-dashed border-brand/60 p-4"
        >
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="font-mono text-lg font-bold tracking-wide">
              <Ltr>{promo.code}</Ltr>
            </p>
            <p className="font-medium">{benefit(promo)}</p>
            {promo.description && <p className="text-sm text-ink-soft">{promo.description}</p>}
            {promo.minCartTotal > 0 && promo.currencyCode && (
              <p className="text-sm text-ink-soft">
                {t("promo.from", { amount: formatMoney(promo.minCartTotal, promo.currencyCode, locale) })}
              </p>
            )}
            {promo.validUntil && (
              <p className="text-sm text-ink-soft">
                {t("promo.until", {
                  date: formatDate(promo.validUntil, clockOf(promo.localityCode)),
                })}
              </p>
            )}
          </div>
          {onApply && (
            <button
              type="button"
              onClick={() => onApply(promo.code)}
              className="min-h-11 shrink-0 rounded-full bg-brand px-4 font-medium text-brand-ink"
              aria-label={t("promo.applyNamed", { code: promo.code })}
            >
              {t("checkout.promo.apply")}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
