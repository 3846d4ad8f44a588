import { formatMoney, SUBSTITUTIONS } from "@storefront/domain";
import type { Cart, PaymentMethods } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { useId, useRef, useState } from "react";
import { cardNumberText } from "../lib/card-number.ts";
import { useCart } from "../lib/cart.tsx";
import { useHydrated } from "../lib/hydrated.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { Ltr } from "./ltr.tsx";
import { hidePopup, Popup, popupButton } from "./popup.tsx";

const option = "flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border px-4";

/**
 * Cash, online, or a saved card, as the locality offers: the chosen one on a button that opens the
 * payment methods popup (a sheet on phones, a dropdown on desktop).
 */
export function CheckoutPayment({ cart, methods }: { cart: Cart; methods: PaymentMethods["methods"] }) {
  const t = useT();
  const cartState = useCart();
  const id = `payment-methods-${useId()}`;
  const chosen = (code: string, type: string) =>
    cart.paymentMethod
      ? cart.paymentMethod === code
      : cart.paymentType === type && methods.find((m) => m.type === type)?.code === code;
  const labelOf = (method: PaymentMethods["methods"][number]) =>
    method.card ? (
      <Ltr>{cardNumberText(method.card, t)}</Ltr>
    ) : method.type === "CASH" ? (
      t(cart.receiptType === "TAKEAWAY" ? "checkout.cash.takeaway" : "checkout.cash")
    ) : (
      t("checkout.online")
    );
  const current = methods.find((method) => chosen(method.code, method.type));
  return (
    <section className="grid gap-2" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("checkout.payment")}
      </h2>
      <button
        type="button"
        {...popupButton(id)}
        aria-labelledby={`${id}-title ${id}-current`}
        className={`${option} border-line justify-between text-start hover:border-ink/30`}
      >
        <span id={`${id}-current`} className={current ? "" : "text-ink-soft"}>
          {current ? labelOf(current) : t("checkout.change")}
        </span>
        <span className="text-sm font-medium text-brand">{t("checkout.change")}</span>
      </button>
      <Popup id={id} label={t("checkout.payment")}>
        <fieldset className="grid gap-2">
          <legend className="sr-only">{t("checkout.payment")}</legend>
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
                  onChange={() => {
                    hidePopup(id);
                    void cartState.change(endpoints.carts.update(cart.cartId), {
                      paymentType: method.type,
                      paymentMethod: method.code,
                    });
                  }}
                  className="size-5 accent-[var(--brand)]"
                />
                {labelOf(method)}
              </label>
            );
          })}
        </fieldset>
      </Popup>
    </section>
  );
}

/** Tip chips from the locality's tip settings; none by default, nor on a takeaway (no courier). */
export function CheckoutTip({ cart }: { cart: Cart }) {
  const t = useT();
  const locale = useLocale();
  const { params } = useStorefront();
  const cartState = useCart();
  const settings = params?.tipSettings;
  if (!settings?.enabled || cart.receiptType === "TAKEAWAY") return null;
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
              onChange={() => void cartState.change(endpoints.carts.tip(cart.cartId), { tipAmount: value })}
            />
            {value === 0 ? t("checkout.tip.none") : formatMoney(value, cart.currencyCode, locale)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * How the order is handed over: at the door without meeting, a call on arrival (deliveries only),
 * and what becomes of a grocery item out of stock (carts with a store's items only).
 */
type Instructions = Cart["deliveryInstructions"];

export function CheckoutInstructions({ cart }: { cart: Cart }) {
  const t = useT();
  const cartState = useCart();
  // The choices are sent by script: until the page's scripts run, a tick would not be one.
  const live = useHydrated();
  // Each choice shows at once and stays shown until the server's answer to it holds it: an answer to an
  // earlier choice, arriving meanwhile, does not undo a later one. Then the server has the final word.
  const [chosen, setChosen] = useState<{
    values: Partial<Instructions>;
    by: Partial<Record<keyof Instructions, number>>;
  }>({
    values: {},
    by: {},
  });
  const sent = useRef(0);
  const instructions: Instructions = { ...cart.deliveryInstructions, ...chosen.values };
  const delivery = cart.receiptType === "DELIVERY";
  if (!delivery && !cart.groceries) return null;
  const change = async (next: Partial<Instructions>) => {
    const mine = ++sent.current;
    const fields = Object.keys(next) as Array<keyof Instructions>;
    setChosen((current) => ({
      values: { ...current.values, ...next },
      by: { ...current.by, ...Object.fromEntries(fields.map((field) => [field, mine])) },
    }));
    await cartState.change(endpoints.carts.update(cart.cartId), { deliveryInstructions: next });
    setChosen((current) => {
      const answered = fields.filter((field) => current.by[field] === mine);
      const values = { ...current.values };
      const by = { ...current.by };
      for (const field of answered) {
        delete values[field];
        delete by[field];
      }
      return { values, by };
    });
  };
  const box = "flex min-h-11 cursor-pointer items-start gap-3 py-1";
  return (
    <fieldset className="grid gap-2" disabled={!live}>
      <legend className="mb-2 text-lg font-semibold">{t("checkout.instructions")}</legend>
      {delivery && (
        <>
          <label className={box}>
            <input
              type="checkbox"
              className="mt-1 size-5 accent-brand"
              checked={instructions.contactless}
              onChange={(event) => change({ contactless: event.target.checked })}
            />
            <span>
              {t("checkout.contactless")}
              <span className="block text-sm text-ink-soft">{t("checkout.contactlessHint")}</span>
            </span>
          </label>
          <label className={box}>
            <input
              type="checkbox"
              className="mt-1 size-5 accent-brand"
              checked={instructions.callOnArrival}
              onChange={(event) => change({ callOnArrival: event.target.checked })}
            />
            {t("checkout.callOnArrival")}
          </label>
        </>
      )}
      {cart.groceries && (
        <fieldset className="mt-2 grid gap-1">
          <legend className="mb-1 font-medium">{t("checkout.substitution")}</legend>
          {SUBSTITUTIONS.map((choice) => (
            <label key={choice} className={box}>
              <input
                type="radio"
                name="substitution"
                className="mt-1 size-5 accent-brand"
                checked={instructions.substitution === choice}
                onChange={() => change({ substitution: choice })}
              />
              {t(`checkout.substitution.${choice}`)}
            </label>
          ))}
        </fieldset>
      )}
    </fieldset>
  );
}
