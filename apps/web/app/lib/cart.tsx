import { missingAddressStatus } from "@storefront/domain";
import type { AddCartItem, Cart, CartResponse, ValidateCartResult } from "@storefront/domain/contract";
import { createContext, use, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { type AlertButton, AlertDialog } from "../components/alert-dialog.tsx";
import { modalHref } from "../components/modal-link.ts";
import { clientSend, type Sent } from "./api.client.ts";
import { useLocale, useT } from "./i18n.ts";
import { useStorefront } from "./storefront.ts";

/** The cart id the browser remembers (the spec's stored cartId); the server reads it to render. */
export const CART_COOKIE = "cartId";
const CART_COOKIE_DAYS = 30;

export function rememberCartId(id: string | null): void {
  // Secure on an https page, like every cookie the server sets there.
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie =
    id === null
      ? `${CART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${CART_COOKIE}=${id}; Path=/; Max-Age=${CART_COOKIE_DAYS * 86400}; SameSite=Lax${secure}`;
}

export interface CartAlert {
  title: string;
  message?: string;
  buttons: [AlertButton] | [AlertButton, AlertButton] | [AlertButton, AlertButton, AlertButton];
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface CartState {
  cart: Cart | null;
  validation: ValidateCartResult | null;
  /** A change is on its way to the server. */
  pending: boolean;
  /**
   * Sends a change of the cart; the answer replaces the cart. A missing cart removes the local one;
   * an unexpected failure shows the error alert that reloads the page. Expected 400s come back to the
   * caller, which knows what they mean.
   */
  change(method: Method, path: string, body?: unknown): Promise<Sent<CartResponse>>;
  /** Adds a product, starting a cart at the delivery address when there is none. */
  add(item: AddCartItem): Promise<boolean>;
  /** Forgets the cart here: stored id, active date, receipt type back to delivery. */
  removeLocalCart(): void;
  showAlert(alert: CartAlert | null): void;
}

const CartContext = createContext<CartState | null>(null);

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
  const navigate = useNavigate();
  const location = useLocation();
  const { client, locality, deliveryAddress, savedAddresses } = useStorefront();
  const [current, setCurrent] = useState<CartResponse | null>(initial ?? null);
  const [pending, setPending] = useState(0);
  const [alert, setAlert] = useState<CartAlert | null>(null);

  // A revalidated layout (sign-in, address change) brings the server's cart.
  useEffect(() => {
    if (initial === undefined) return;
    setCurrent(initial);
    rememberCartId(initial?.cart.cartId ?? null);
  }, [initial]);

  const removeLocalCart = useCallback(() => {
    rememberCartId(null);
    setCurrent(null);
  }, []);

  const somethingWentWrong = useCallback(
    () =>
      setAlert({
        title: t("alert.somethingWentWrong"),
        buttons: [{ label: t("alert.reload"), onClick: () => window.location.reload() }],
      }),
    [t],
  );

  const change = useCallback(
    async (method: Method, path: string, body?: unknown): Promise<Sent<CartResponse>> => {
      setPending((n) => n + 1);
      const sent = await clientSend<CartResponse>(client, method, path, locale, body);
      setPending((n) => n - 1);
      if (sent.ok) {
        if (sent.body) setCurrent(sent.body);
      } else if (sent.status === 404 && sent.error?.type === "CartNotFoundException") {
        removeLocalCart();
      } else if (sent.status === 0 || sent.status >= 500 || sent.status === 401) {
        somethingWentWrong();
      }
      return sent;
    },
    [client, locale, removeLocalCart, somethingWentWrong],
  );

  const askForAddress = useCallback(() => {
    const status = missingAddressStatus({
      savedAddresses: savedAddresses.length,
      addressChosen: deliveryAddress?.kind === "saved",
      temporaryAddress: deliveryAddress?.kind === "temporary",
    });
    setAlert({
      title: t(status === "ADDRESS_NOT_CHOOSEN" ? "cart.alert.chooseAddress" : "cart.alert.addAddress"),
      message: t("cart.alert.addressNeeded"),
      buttons: [
        {
          label: t(status === "ADDRESS_NOT_CHOOSEN" ? "cart.alert.chooseAddress" : "cart.alert.addAddress"),
          onClick: () => {
            setAlert(null);
            navigate(modalHref(location, { modal: "AuthAddressModal" }), { preventScrollReset: true });
          },
        },
        { label: t("common.cancel"), onClick: () => setAlert(null) },
      ],
    });
  }, [deliveryAddress, savedAddresses.length, t, navigate, location]);

  const ensureCart = useCallback(async (): Promise<string | null> => {
    const existing = current?.cart;
    if (existing && existing.localityCode === locality?.code) return existing.cartId;
    if (!deliveryAddress || !locality) {
      askForAddress();
      return null;
    }
    const created = await clientSend<{ cartId: string }>(client, "POST", "/carts", locale, {
      localityCode: locality.code,
      ...(deliveryAddress.kind === "saved"
        ? { customerAddressId: deliveryAddress.id }
        : {
            location: {
              latitude: deliveryAddress.latitude,
              longitude: deliveryAddress.longitude,
              ...(deliveryAddress.label ? { formattedAddress: deliveryAddress.label } : {}),
            },
          }),
    });
    if (!created.ok) {
      somethingWentWrong();
      return null;
    }
    rememberCartId(created.body.cartId);
    return created.body.cartId;
  }, [current, locality, deliveryAddress, client, locale, askForAddress, somethingWentWrong]);

  const add = useCallback(
    async (item: AddCartItem): Promise<boolean> => {
      const cartId = await ensureCart();
      if (!cartId) return false;
      const sent = await change("POST", `/carts/${cartId}/products`, item);
      if (sent.ok) return true;
      if (sent.error?.type === "CartVendorsMaxLimitException") {
        // Starting a new order empties the cart, then adds what the customer chose.
        setAlert({
          title: t("cart.alert.anotherVendor"),
          message: t("cart.alert.anotherVendor.message"),
          buttons: [
            {
              label: t("cart.alert.startNewOrder"),
              onClick: async () => {
                setAlert(null);
                const cleared = await change("PUT", `/carts/${cartId}/clear`);
                if (cleared.ok) await change("POST", `/carts/${cartId}/products`, item);
              },
            },
            { label: t("common.cancel"), onClick: () => setAlert(null) },
          ],
        });
      } else if (sent.status === 400) {
        setAlert({
          title: t("cart.alert.cannotAdd"),
          ...(sent.error?.message ? { message: sent.error.message } : {}),
          buttons: [{ label: t("common.understood"), onClick: () => setAlert(null) }],
        });
      }
      return false;
    },
    [ensureCart, change, t],
  );

  const state = useMemo<CartState>(
    () => ({
      cart: current?.cart ?? null,
      validation: current?.validateCartResult ?? null,
      pending: pending > 0,
      change,
      add,
      removeLocalCart,
      showAlert: setAlert,
    }),
    [current, pending, change, add, removeLocalCart],
  );

  return (
    <CartContext value={state}>
      {children}
      <AlertDialog
        open={alert !== null}
        title={alert?.title ?? ""}
        {...(alert?.message ? { message: alert.message } : {})}
        buttons={alert?.buttons ?? [{ label: t("common.understood"), onClick: () => setAlert(null) }]}
        onDismiss={() => setAlert(null)}
      />
    </CartContext>
  );
}
