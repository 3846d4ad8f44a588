import { useEffect, useId } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { type CartAlert, useCart } from "../lib/cart.tsx";
import { preorderAlert, resetInvalidPreorderTime } from "../lib/cart-alerts.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { formatPreorderTime } from "../lib/preorder-time.ts";
import { useStorefront } from "../lib/storefront.ts";

/** Alerts already shown in this tab, so moving between pages does not repeat one. */
const shown = new Set<string>();

/** Where the time is chosen (the checkout's time choice), or the alert that preorder is off. */
function useChooseTime(canPreorder: boolean) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const { params } = useStorefront();
  const { showAlert } = useCart();
  const unavailable: CartAlert = {
    title: t("checkout.preorderUnavailable"),
    buttons: [{ label: t("common.understood"), onClick: () => showAlert(null) }],
  };
  return () => {
    if (!canPreorder || params?.delivery.preOrderPeriod.type !== "DAYS") showAlert(unavailable);
    else navigate(`/${locale}/cart`);
  };
}

/**
 * The preorder alerts of the pages a customer browses: a chosen time that is no longer valid (reset
 * to as soon as possible first), goods not sold at it. Each shows once for a cart, a time and what is
 * wrong with it.
 */
export function PreorderAlerts() {
  const t = useT();
  const locale = useLocale();
  const cartState = useCart();
  const revalidator = useRevalidator();
  const chooseTime = useChooseTime(true);
  const { cart, validation } = cartState;
  const time = cart?.preorderDateTime ?? null;
  const alert = time
    ? preorderAlert(cartState, t, {
        when: formatPreorderTime(time, locale),
        chooseTime,
        changed: () => void revalidator.revalidate(),
      })
    : null;
  const key = alert && cart ? `${cart.cartId}|${time}|${alert.title}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per cart, time and problem
  useEffect(() => {
    if (!key || !alert || shown.has(key)) return;
    shown.add(key);
    void resetInvalidPreorderTime(cartState).then((reset) => {
      if (reset) void revalidator.revalidate();
      cartState.showAlert(alert);
    });
  }, [key, validation]);
  return null;
}

/**
 * The cart's delivery time over the catalogue: as soon as possible or the preorder time the vendors
 * and menus are shown for, with a way to change it. Preorder being off (the locality's period is
 * NONE, or this vendor takes no preorders) answers with the "preorder unavailable" alert.
 */
export function PreorderTimeBar({ canPreorder = true }: { canPreorder?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const { cart } = useCart();
  const chooseTime = useChooseTime(canPreorder);
  const timeId = useId();
  if (!cart || cart.vendorCarts.length === 0) return null;
  const label = t(cart.receiptType === "TAKEAWAY" ? "checkout.time.takeaway" : "checkout.time");
  return (
    <section
      aria-label={label}
      className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 pt-3 text-sm"
    >
      <span className="text-ink-soft">{label}:</span>
      <span id={timeId} className="font-semibold">
        {cart.preorderDateTime ? formatPreorderTime(cart.preorderDateTime, locale) : t("checkout.asap")}
      </span>
      <button
        type="button"
        onClick={chooseTime}
        aria-describedby={timeId}
        className="inline-flex min-h-11 items-center px-2 font-medium text-brand underline-offset-2 hover:underline"
      >
        {t("preorder.change")}
      </button>
    </section>
  );
}
