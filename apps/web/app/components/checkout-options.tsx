import { formatMoney } from "@storefront/domain";
import type { Cart, PaymentMethods } from "@storefront/domain/contract";
import { useCart } from "../lib/cart.tsx";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";

const option = "flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border px-4";

/** Cash, online, or a saved card: what the locality offers. */
export function CheckoutPayment({ cart, methods }: { cart: Cart; methods: PaymentMethods["methods"] }) {
  const t = useT();
  const cartState = useCart();
  const chosen = (code: string, type: string) =>
    cart.paymentMethod
      ? cart.paymentMethod === code
      : cart.paymentType === type && methods.find((m) => m.type === type)?.code === code;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-lg font-semibold">{t("checkout.payment")}</legend>
      {methods.map((method) => {
        const checked = chosen(method.code, method.type);
        return (
          <label
            key={method.code}
            className={`${option} ${checked ? "border-brand bg-brand-soft" : "border-line"}`}
          >
            <input
              type="radio"
              name="payment"
              checked={checked}
              onChange={() =>
                void cartState.change("PUT", `/carts/${cart.cartId}`, {
                  paymentType: method.type,
                  paymentMethod: method.code,
                })
              }
              className="size-5 accent-[var(--brand)]"
            />
            {method.card
              ? method.card.maskedCardNumber
              : method.type === "CASH"
                ? t("checkout.cash")
                : t("checkout.online")}
          </label>
        );
      })}
    </fieldset>
  );
}

/** Tip chips from the locality's tip settings; none by default. */
export function CheckoutTip({ cart }: { cart: Cart }) {
  const t = useT();
  const locale = useLocale();
  const { params } = useStorefront();
  const cartState = useCart();
  const settings = params?.tipSettings;
  if (!settings?.enabled) return null;
  const values = [0, ...settings.tipValues.filter((v) => v <= settings.tipMax)];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-lg font-semibold">{t("checkout.tip")}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => (
          <label
            key={value}
            className={`flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm font-medium ${cart.tipAmount === value ? "border-brand bg-brand text-brand-ink" : "border-line"}`}
          >
            <input
              type="radio"
              name="tip"
              className="sr-only"
              checked={cart.tipAmount === value}
              onChange={() =>
                void cartState.change("PATCH", `/carts/${cart.cartId}/tip`, { tipAmount: value })
              }
            />
            {value === 0 ? t("checkout.tip.none") : formatMoney(value, cart.currencyCode, locale)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
