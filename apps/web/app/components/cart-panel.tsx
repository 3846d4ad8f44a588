import { formatMoney } from "@storefront/domain";
import type { VendorCart } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useCart } from "../lib/cart.tsx";
import { deliveryPriceAlert, deliveryPriceAlertOf, useCartValidationOnOpen } from "../lib/cart-alerts.ts";
import { imageSource } from "../lib/catalogue-view.ts";
import { useCutleryCheck } from "../lib/cutlery-check.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { formatPreorderTime } from "../lib/preorder-time.ts";
import { usePopupsOnScreen } from "../lib/screen.ts";
import { useStorefront } from "../lib/storefront.ts";
import { setWantedCheckout } from "../lib/wanted-checkout.ts";
import { promoDeliveryDiscount } from "./cart-button.tsx";
import { CartLine, Stepper, useSettlingCount } from "./cart-line.tsx";
import { CartTotals } from "./cart-totals.tsx";
import { Icon } from "./icons.tsx";
import { modalHref } from "./modal-link.ts";
import { Picture } from "./picture.tsx";
import { Snackbar } from "./snackbar.tsx";

/** Cutlery sets of a vendor cart: never below 0, never above the vendor's maximum. */
function CutleryLine({ vendorCart }: { vendorCart: VendorCart }) {
  const t = useT();
  const cartState = useCart();
  const [count, setCount] = useSettlingCount(vendorCart.cutlery, (cutlery) => {
    void cartState.change(endpoints.carts.cutlery(vendorCart.vendorCartId), { cutlery });
  });
  return (
    <div className="flex items-center justify-between gap-3 pt-2">
      <span className="flex items-center gap-2">
        <Icon name="cutlery" className="size-5 text-ink-soft" />
        {t("cart.cutlery")}
      </span>
      <Stepper
        count={count}
        lessHidden={count === 0}
        moreDisabled={vendorCart.maxCutlery !== null && count >= vendorCart.maxCutlery}
        lessLabel={t("cart.cutlery.less")}
        moreLabel={t("cart.cutlery.more")}
        onLess={() => setCount(Math.max(0, count - 1))}
        onMore={() => setCount(count + 1)}
      />
    </div>
  );
}

function VendorCartBlock({ vendorCart }: { vendorCart: VendorCart }) {
  const t = useT();
  const { locale, locality } = useStorefront();
  const cartState = useCart();
  const { cart, validation } = cartState;
  if (!cart) return null;
  const invalid = new Set(validation?.invalidProducts.map((p) => p.cartProductId));
  const lines = cart.vendorCarts.reduce((sum, v) => sum + v.items.length, 0);
  const setCount = (cartProductId: number, count: number) => {
    if (count > 0)
      return void cartState.change(endpoints.carts.changeProduct(vendorCart.vendorCartId, cartProductId), {
        count,
      });
    if (lines > 1)
      return void cartState.change(endpoints.carts.removeProduct(vendorCart.vendorCartId, cartProductId));
    // The last product: removing it empties the cart, so ask first.
    cartState.showAlert({
      title: t("cart.alert.lastProduct"),
      buttons: [
        {
          label: t("cart.alert.delete"),
          onClick: () => {
            cartState.showAlert(null);
            void cartState.change(endpoints.carts.removeProduct(vendorCart.vendorCartId, cartProductId));
          },
        },
        { label: t("common.cancel"), onClick: () => cartState.showAlert(null) },
      ],
    });
  };
  return (
    <section aria-label={vendorCart.vendorName} className="border-b border-line py-3 last:border-b-0">
      <Link
        to={`/${locale}/${cart.localityCode || locality?.code}/vendor/${vendorCart.vendorId}`}
        className="flex items-center gap-3"
      >
        <Picture
          source={imageSource(vendorCart.vendorAvatar, 44, 80)}
          sizes="44px"
          className="size-11 rounded-full object-cover"
        />
        <span className="grid">
          <span className="font-semibold">{vendorCart.vendorName}</span>
          {cart.receiptType === "DELIVERY" && (
            <span className="text-sm text-ink-soft">
              {t("vendor.minutes", {
                time:
                  vendorCart.minEstimatedDeliveryDuration === vendorCart.maxEstimatedDeliveryDuration
                    ? String(vendorCart.maxEstimatedDeliveryDuration)
                    : `${vendorCart.minEstimatedDeliveryDuration}–${vendorCart.maxEstimatedDeliveryDuration}`,
              })}
            </span>
          )}
        </span>
      </Link>
      <ul className="divide-y divide-line">
        {vendorCart.items.map((item) => (
          <CartLine
            key={item.cartProductId}
            item={item}
            currencyCode={cart.currencyCode}
            invalid={invalid.has(item.cartProductId)}
            onCount={(count) => setCount(item.cartProductId, count)}
            onComment={(comment) =>
              void cartState.change(
                endpoints.carts.changeProduct(vendorCart.vendorCartId, item.cartProductId),
                { comment },
              )
            }
          />
        ))}
      </ul>
      {vendorCart.allowsCutlery && <CutleryLine vendorCart={vendorCart} />}
    </section>
  );
}

/**
 * The cart: vendor carts with their lines and cutlery, the receipt type switch, the sums, and a
 * footer with the minimum order, free delivery progress and the way to checkout (hidden on /cart).
 */
export function CartPanel({
  onCheckout,
  showCheckout = true,
}: {
  onCheckout?: () => void;
  showCheckout?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const popups = usePopupsOnScreen();
  const { user } = useStorefront();
  const cartState = useCart();
  const { cart, validation } = cartState;
  const [snackbar, setSnackbar] = useState<string | null>(null);
  // Without its own way to checkout, the panel is the checkout's, which says a closing itself.
  useCartValidationOnOpen(cartState, t, locale, !showCheckout);
  useCutleryCheck(cartState);
  if (!cart || cart.vendorCarts.length === 0)
    return (
      <div className="grid place-items-center gap-3 p-8 text-center">
        <Icon name="bag" className="size-12 text-brand" />
        <p className="text-lg font-semibold">{t("cart.empty")}</p>
        <p className="text-ink-soft">{t("cart.empty.hint")}</p>
      </div>
    );

  const money = (amount: number) => formatMoney(amount, cart.currencyCode, locale);
  const minimum = validation?.belowMinimum[0] ?? null;
  const byPromo = promoDeliveryDiscount(cart);
  const delivery = deliveryPriceAlert(cart, byPromo);
  // Progress only while delivery is still paid; section 5: with no amount left to reach, the
  // notice is the FREE_DELIVERY label (a promo code's free delivery is said in the totals).
  const freeIn = delivery?.kind === "PAY_DELIVERY" ? delivery.missingForFree : null;
  const freeNotice = delivery?.kind === "FREE_DELIVERY" && byPromo === 0;
  const deliveryAlert = deliveryPriceAlertOf(cart, byPromo, t, locale, () => cartState.showAlert(null));
  const checkout = () => {
    if (minimum) {
      if (popups) setSnackbar(t("cart.minimum", { amount: money(minimum.minOrderPrice) }));
      return;
    }
    onCheckout?.();
    if (!user) {
      setWantedCheckout();
      navigate(modalHref(location, { modal: "AuthModal" }), { preventScrollReset: true });
      return;
    }
    navigate(`/${locale}/cart`);
  };

  return (
    <div className="grid gap-3">
      {cart.availableReceiptTypes.length >= 2 && (
        <fieldset className="grid grid-cols-2 rounded-full bg-surface p-1">
          <legend className="sr-only">{t("cart.receiptType")}</legend>
          {(["DELIVERY", "TAKEAWAY"] as const).map((type) => (
            <label
              key={type}
              className={`flex min-h-10 cursor-pointer items-center justify-center rounded-full text-sm font-medium ${cart.receiptType === type ? "bg-white shadow-sm" : "text-ink-soft"}`}
            >
              <input
                type="radio"
                name="receiptType"
                value={type}
                checked={cart.receiptType === type}
                onChange={() =>
                  void cartState.change(endpoints.carts.update(cart.cartId), { receiptType: type })
                }
                className="sr-only"
              />
              {type === "DELIVERY" ? t("cart.receipt.delivery") : t("cart.receipt.takeaway")}
            </label>
          ))}
        </fieldset>
      )}
      {cart.preorderDateTime && (
        <p className="flex items-center gap-2 rounded-2xl bg-brand-soft px-3 py-2 text-sm">
          <Icon name="clock" className="size-5 text-brand" />
          {t(cart.receiptType === "TAKEAWAY" ? "cart.takeawayAt" : "cart.deliveryAt", {
            when: formatPreorderTime(cart.preorderDateTime, locale),
          })}
        </p>
      )}
      <div>
        {cart.vendorCarts.map((vendorCart) => (
          <VendorCartBlock key={vendorCart.vendorCartId} vendorCart={vendorCart} />
        ))}
      </div>
      <CartTotals
        cart={cart}
        onDeliveryInfo={deliveryAlert ? () => cartState.showAlert(deliveryAlert) : undefined}
      />
      {(showCheckout || minimum || freeNotice || (freeIn !== null && freeIn > 0)) && (
        <div
          className={`grid gap-2 border-t border-line bg-white pt-3 ${showCheckout ? "sticky bottom-0 pb-1" : ""}`}
        >
          {minimum && (
            <p className="text-sm font-medium text-red-700">
              {t("cart.minimum", { amount: money(minimum.minOrderPrice) })}
            </p>
          )}
          {freeIn !== null && freeIn > 0 && (
            <div className="grid gap-1 text-sm">
              <p>{t("cart.freeDeliveryIn", { amount: money(freeIn) })}</p>
              <progress
                className="h-2 w-full overflow-hidden rounded-full accent-[var(--brand)]"
                max={cart.prices.cartTotal + freeIn}
                value={cart.prices.cartTotal}
              />
            </div>
          )}
          {freeNotice && (
            <p className="flex items-center gap-2 text-sm font-medium text-green-700">
              <Icon name="bike" className="size-5" />
              {t("cart.delivery.free")}
            </p>
          )}
          {showCheckout && (
            <button
              type="button"
              onClick={checkout}
              aria-disabled={minimum !== null}
              className={`flex min-h-12 items-center justify-between rounded-full bg-brand px-5 font-semibold text-brand-ink ${minimum ? "opacity-50" : ""}`}
            >
              <span>{t("cart.checkout")}</span>
              <span>{money(cart.price)}</span>
            </button>
          )}
        </div>
      )}
      <Snackbar message={snackbar} onClose={() => setSnackbar(null)} />
    </div>
  );
}
