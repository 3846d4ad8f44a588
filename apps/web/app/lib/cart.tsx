import type { AddCartItem, Cart, CartResponse, ValidateCartResult } from "@storefront/domain/contract";
import type { Endpoint } from "@storefront/domain/endpoints";
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type AlertButton, AlertDialog } from "../components/alert-dialog.tsx";
import { clientSend, type Sent } from "./api.client.ts";
import { useCartAdding } from "./cart-adding.ts";
import { cartFailureOutcome } from "./cart-alerts.ts";
import { useLocale, useT } from "./i18n.ts";
import { useStorefront } from "./storefront.ts";
import { setPageCookie } from "./visitor-cookies.ts";

/** The cart id the browser remembers (the spec's stored cartId); the server reads it to render. */
export const CART_COOKIE = "cartId";
const CART_COOKIE_DAYS = 30;

export function rememberCartId(id: string | null): void {
  // Secure on an https page, like every cookie the server sets there.
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  setPageCookie(
    id === null
      ? `${CART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${CART_COOKIE}=${id}; Path=/; Max-Age=${CART_COOKIE_DAYS * 86400}; SameSite=Lax${secure}`,
  );
}

export interface CartAlert {
  title: string;
  message?: string;
  buttons: [AlertButton] | [AlertButton, AlertButton] | [AlertButton, AlertButton, AlertButton];
  /** Escape or a click beside the alert; by default it only closes. */
  onDismiss?: () => void;
}

export interface CartState {
  cart: Cart | null;
  validation: ValidateCartResult | null;
  /** A change is on its way to the server (a read of the cart is not one). */
  pending: boolean;
  /**
   * Sends a change of the cart; the answer replaces the cart. A missing cart removes the local one;
   * any other failure shows the error alert that reloads the page, except the error types the
   * caller names in `expected`, which come back to it to explain (see cartFailureOutcome).
   */
  change(
    endpoint: Endpoint<CartResponse>,
    body?: unknown,
    expected?: readonly string[],
  ): Promise<Sent<CartResponse>>;
  /** Adds a product, starting a cart at the delivery address when there is none. */
  add(item: AddCartItem): Promise<boolean>;
  /** Forgets the cart here: stored id, active date, receipt type back to delivery. */
  removeLocalCart(): void;
  /**
   * Once every change on its way has its answer: the cart as the last of them left it (an action
   * that must see the final cart, such as placing the order, waits for this instead of being off).
   */
  settled(): Promise<CartResponse | null>;
  showAlert(alert: CartAlert | null): void;
}

const CartContext = createContext<CartState | null>(null);

/** Two answers of the cart that say the same (the API writes their fields in one order). */
function sameAnswer(shown: CartResponse | null, answer: CartResponse): boolean {
  return shown !== null && JSON.stringify(shown) === JSON.stringify(answer);
}

export function useCart(): CartState {
  const state = use(CartContext);
  if (!state) throw new Error("useCart outside the cart provider");
  return state;
}

/** The cart of the locale layout: server-rendered from the loader, then changed through the API. */
export function CartProvider({
  initial,
  children,
}: {
  /** Undefined: the server could not read the cart just now; the remembered id stays. */
  initial: CartResponse | null | undefined;
  children: React.ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const { client } = useStorefront();
  const [current, setCurrentState] = useState<CartResponse | null>(initial ?? null);
  // The cart as last answered, for those who wait for the changes on their way (settled).
  const latest = useRef<CartResponse | null>(initial ?? null);
  const setCurrent = useCallback((next: CartResponse | null) => {
    latest.current = next;
    setCurrentState(next);
  }, []);
  const inFlight = useRef(new Set<Promise<unknown>>());
  const [pending, setPending] = useState(0);
  const [alert, setAlert] = useState<CartAlert | null>(null);

  // A revalidated layout (sign-in, address change) brings the server's cart.
  useEffect(() => {
    if (initial === undefined) return;
    setCurrent(initial);
    rememberCartId(initial?.cart.cartId ?? null);
  }, [initial, setCurrent]);

  const removeLocalCart = useCallback(() => {
    rememberCartId(null);
    setCurrent(null);
  }, [setCurrent]);

  // The error alert reloads the page however it is closed: the screen may no longer match the cart.
  const somethingWentWrong = useCallback(() => {
    const reload = () => window.location.reload();
    setAlert({
      title: t("alert.somethingWentWrong"),
      buttons: [{ label: t("alert.reload"), onClick: reload }],
      onDismiss: reload,
    });
  }, [t]);

  const settled = useCallback(async () => {
    while (inFlight.current.size > 0) await Promise.allSettled([...inFlight.current]);
    return latest.current;
  }, []);

  const sentChanges = useRef(0);
  const answeredChange = useRef(0);
  const change = useCallback(
    async (
      endpoint: Endpoint<CartResponse>,
      body?: unknown,
      expected: readonly string[] = [],
    ): Promise<Sent<CartResponse>> => {
      // A read (the cart's own check as it opens) is no change: the page shows nothing pending for it.
      const read = endpoint.method === "GET";
      if (!read) setPending((n) => n + 1);
      // A read sent while changes are on their way could be read before they are made, and its
      // answer, the last one sent, would undo them on the page: it waits for their answers first.
      if (read) await settled();
      const mine = ++sentChanges.current;
      const sending = clientSend(client, endpoint, locale, body);
      inFlight.current.add(sending);
      const sent = await sending;
      inFlight.current.delete(sending);
      if (!read) setPending((n) => n - 1);
      const outcome = cartFailureOutcome(sent, expected);
      // The cart a later change answered already holds this one: an earlier answer arriving after it
      // would put back a cart without the later change.
      if (sent.ok && sent.body && mine > answeredChange.current) {
        answeredChange.current = mine;
        // An answer that says what the page shows (most often the cart's check as it opens) leaves
        // the cart as it is: the page would render again, in one long task, to show nothing new.
        if (!sameAnswer(latest.current, sent.body)) setCurrent(sent.body);
      } else if (outcome === "forget-cart") removeLocalCart();
      else if (outcome === "error-alert") somethingWentWrong();
      return sent;
    },
    [client, locale, removeLocalCart, somethingWentWrong, setCurrent, settled],
  );

  const add = useCartAdding({ cart: current?.cart ?? null, change, setAlert, somethingWentWrong });

  const state = useMemo<CartState>(
    () => ({
      cart: current?.cart ?? null,
      validation: current?.validateCartResult ?? null,
      pending: pending > 0,
      change,
      add,
      removeLocalCart,
      settled,
      showAlert: setAlert,
    }),
    [current, pending, change, add, removeLocalCart, settled],
  );

  return (
    <CartContext value={state}>
      {children}
      <AlertDialog
        open={alert !== null}
        title={alert?.title ?? ""}
        {...(alert?.message ? { message: alert.message } : {})}
        buttons={alert?.buttons ?? [{ label: t("common.understood"), onClick: () => setAlert(null) }]}
        onDismiss={alert?.onDismiss ?? (() => setAlert(null))}
      />
    </CartContext>
  );
}

/**
 * The cart as the page below sees it, with adding done another way: a group order's menu adds to
 * the group, while everything else (alerts, the customer's own cart) stays the cart's.
 */
export function CartAddScope({ add, children }: { add: CartState["add"]; children: React.ReactNode }) {
  const outer = useCart();
  const state = useMemo<CartState>(() => ({ ...outer, add }), [outer, add]);
  return <CartContext value={state}>{children}</CartContext>;
}
