import type { ValidateCartResult } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { CartPanel } from "../components/cart-panel.tsx";
import { CheckoutInstructions, CheckoutPayment, CheckoutTip } from "../components/checkout-options.tsx";
import { CheckoutPoints } from "../components/checkout-points.tsx";
import { CheckoutPromo } from "../components/checkout-promo.tsx";
import { CheckoutTime } from "../components/checkout-time.tsx";
import { ClosingNotice } from "../components/closing-notice.tsx";
import { DefaultLayout } from "../components/default-layout.tsx";
import { Icon } from "../components/icons.tsx";
import { modalHref } from "../components/modal-link.ts";
import { StateButton, useButtonState } from "../components/state-button.tsx";
import { titleFrom } from "../components/titled.ts";
import { useTrack } from "../lib/analytics.ts";
import { clientSend } from "../lib/api.client.ts";
import { apiGet, loadOptional } from "../lib/api.server.ts";
import { useCart } from "../lib/cart.tsx";
import { checkedCartAlert } from "../lib/cart-alerts.ts";
import { cartGoesTo, cartPlaceOf } from "../lib/cart-place.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { loadCart, loadCurrentUser, visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import { useTypedBeforeLive } from "../lib/typed-before-live.ts";
import { setWantedCheckout } from "../lib/wanted-checkout.ts";
import type { Route } from "./+types/cart";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const t = await serverTranslator(visitor.locale);
  const user = await loadCurrentUser(visitor);
  const cart = await loadCart(visitor, user !== null);
  const methods =
    user && cart
      ? await loadOptional(
          "payment methods",
          () =>
            apiGet(
              endpoints.customer.paymentMethods(cart.cart.localityCode, cart.cart.cartId),
              visitor.caller,
            ),
          null,
        )
      : null;
  return { titleSuffix: t("title.cart"), methods: methods?.methods ?? [] };
}

/** Below a minimum, or a vendor closing before the order could arrive: no order can be placed. */
function blocksOrder(validation: ValidateCartResult | null | undefined): boolean {
  return !!(validation?.belowMinimum.length || validation?.closingBeforeArrival.length);
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.titleSuffix ?? "");
}

/** The cart follows the header's delivery address; a delivery price that moves with it is said. */
function useCartFollowsAddress() {
  const t = useT();
  const { deliveryAddress } = useStorefront();
  const cartState = useCart();
  const { cart } = cartState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the cart or the address changes, not on every price
  useEffect(() => {
    if (!cart || !deliveryAddress) return;
    if (cart.address && cartGoesTo(cart.address, deliveryAddress)) return;
    const before = cart.prices.deliveryTotal;
    void cartState.change(endpoints.carts.update(cart.cartId), cartPlaceOf(deliveryAddress)).then((sent) => {
      if (sent.ok && cart.vendorCarts.length > 0 && sent.body.cart.prices.deliveryTotal !== before)
        cartState.showAlert({
          title: t("checkout.deliveryPriceChanged"),
          buttons: [{ label: t("common.understood"), onClick: () => cartState.showAlert(null) }],
        });
    });
  }, [cart?.cartId, deliveryAddress]);
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const { client, user, locality, params } = useStorefront();
  const cartState = useCart();
  const { cart } = cartState;
  const [email, setEmail] = useState(user?.email ?? "");
  const emailField = useTypedBeforeLive<HTMLInputElement>(email, setEmail);
  const [placeState, setPlaceState] = useButtonState();
  // One key per checkout attempt: a doubled tap or a retry after a lost answer makes one order.
  const attempt = useRef(`${Date.now()}-${Math.random().toString(36).slice(2)}`);
  useCartFollowsAddress();
  const track = useTrack();
  const checkoutCartId = cart && cart.vendorCarts.length > 0 ? cart.cartId : null;
  useEffect(() => {
    if (checkoutCartId) track("checkout_started", { cartId: checkoutCartId });
  }, [checkoutCartId, track]);

  const alert = (title: string) =>
    cartState.showAlert({
      title,
      buttons: [{ label: t("common.understood"), onClick: () => cartState.showAlert(null) }],
    });

  const place = async () => {
    if (!cart) return;
    if (!user) {
      setWantedCheckout();
      navigate(modalHref(location, { modal: "AuthModal" }), { preventScrollReset: true });
      return;
    }
    setPlaceState("loading");
    // A change still on its way (a count, a tip, the cart's own check as it opens) is waited for, so
    // the order goes with the cart as the server last answered it, and a tap meanwhile is not lost.
    const answered = await cartState.settled();
    const final = answered?.cart ?? cart;
    if (blocksOrder(answered?.validateCartResult)) {
      setPlaceState("ready");
      return;
    }
    const sent = await clientSend(
      client,
      endpoints.customer.placeOrder(),
      locale,
      {
        cartId: final.cartId,
        expectedPrice: final.price,
        ...(email.trim() ? { invoiceEmail: email.trim() } : {}),
      },
      { "Idempotency-Key": attempt.current },
    );
    setPlaceState(sent.ok ? "complete" : "ready");
    if (sent.ok) {
      track("order_placed", { orderId: sent.body.id });
      cartState.removeLocalCart();
      // A card order is the restaurant's once it is paid: its payment page first, the thanks after.
      if (sent.body.page === "payment") return navigate(`/${locale}/menu/orders/${sent.body.id}/payment`);
      const home = locality ? `/${locale}/${locality.code}` : `/${locale}`;
      navigate(`${home}?modal=SuccessScreenModal&order=${sent.body.id}`);
      return;
    }
    const type = sent.error?.type;
    // The partner may word it for the reader's language (ops API); otherwise the translated text.
    if (type === "InvalidCashAmountException")
      return alert(params?.alertTexts.invalidCashAmount ?? t("checkout.invalidCashAmount"));
    if (type === "InvalidPaymentTypeException") return alert(t("checkout.invalidPaymentType"));
    if (type === "CartPriceChangedException") {
      await cartState.change(endpoints.carts.get(cart.cartId));
      return alert(t("checkout.priceChanged"));
    }
    if (type === "CartValidationException") {
      const next = await checkedCartAlert(cartState, cart.cartId, t, locale);
      return next ? cartState.showAlert(next) : alert(t("alert.somethingWentWrong"));
    }
    if (sent.status === 400 && sent.error?.details?.[0]?.field === "invoiceEmail")
      return alert(t("checkout.emailInvalid"));
    // Anything else in the reader's language too: the API's message is English.
    alert(t("alert.somethingWentWrong"));
  };

  if (!cart || cart.vendorCarts.length === 0) {
    return (
      <DefaultLayout variant="headerOnly">
        <h1 className="text-2xl font-bold">{t("cart.title")}</h1>
        <div className="mt-6 flex flex-col items-center gap-4 rounded-3xl bg-white p-10 text-center shadow-sm">
          <Icon name="bag" className="size-12 text-brand" />
          <p className="text-lg font-semibold">{t("cart.empty")}</p>
          <p className="text-ink-soft">{t("cart.empty.hint")}</p>
          <Link
            to={locality ? `/${locale}/${locality.code}` : `/${locale}`}
            className="inline-flex min-h-11 items-center rounded-full bg-brand px-6 font-medium text-brand-ink"
          >
            {t("error.toCatalogue")}
          </Link>
        </div>
      </DefaultLayout>
    );
  }

  const blocked = blocksOrder(cartState.validation);
  return (
    <DefaultLayout variant="headerOnly">
      <h1 className="text-2xl font-bold">{t("checkout.title")}</h1>
      <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-6 pb-10 md:grid-cols-[minmax(0,1fr)_36rem] md:items-start">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5">
          {cart.receiptType === "DELIVERY" && (
            <section className="grid gap-2">
              <h2 className="text-lg font-semibold">{t("checkout.address")}</h2>
              <Link
                to={modalHref(location, { modal: "AuthAddressModal" })}
                preventScrollReset
                className="flex min-h-12 min-w-0 items-center gap-3 rounded-2xl border border-line px-4"
              >
                <Icon name="pin" className="size-5 text-brand" />
                {/* Whole, on two lines if need be: it is where the order goes. Its own direction: a
                    Latin street on an Arabic page reads from its start. */}
                <span dir="auto" className="min-w-0 flex-1 py-2 wrap-break-word text-match-parent">
                  {cart.address?.shortAddress ?? cart.address?.formattedAddress ?? t("header.address.prompt")}
                </span>
                <span className="shrink-0 text-sm font-medium text-brand">{t("checkout.change")}</span>
              </Link>
            </section>
          )}
          <ClosingNotice cart={cart} />
          <CheckoutTime cart={cart} />
          {user && loaderData.methods.length > 0 && (
            <CheckoutPayment cart={cart} methods={loaderData.methods} />
          )}
          <CheckoutPromo cart={cart} />
          <CheckoutPoints cart={cart} />
          <CheckoutTip cart={cart} />
          <CheckoutInstructions cart={cart} />
          {user && (
            <label className="grid gap-2">
              <span className="text-lg font-semibold">{t("checkout.invoiceEmail")}</span>
              <input
                ref={emailField}
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                autoComplete="email"
                className="min-h-12 rounded-2xl border border-line px-4 focus:border-brand"
              />
            </label>
          )}
        </div>
        <aside className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 md:sticky md:top-20">
          <CartPanel showCheckout={false} />
          <StateButton
            type="button"
            state={placeState}
            disabled={blocked}
            onClick={() => void place()}
            className="min-h-12 rounded-full bg-brand px-6 font-semibold text-brand-ink disabled:opacity-50"
          >
            {user ? t("checkout.place") : t("checkout.signInToPlace")}
          </StateButton>
        </aside>
      </div>
    </DefaultLayout>
  );
}
