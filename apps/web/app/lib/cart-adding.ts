import { formatMoney, missingAddressStatus } from "@storefront/domain";
import type { AddCartItem, Cart } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { modalHref } from "../components/modal-link.ts";
import { useTrack } from "./analytics.ts";
import { clientSend } from "./api.client.ts";
import { type CartAlert, type CartState, rememberCartId } from "./cart.tsx";
import { cartPlaceOf } from "./cart-place.ts";
import { keepCredentials } from "./credentials.ts";
import { useLocale, useT } from "./i18n.ts";
import { useStorefront } from "./storefront.ts";

/** Refusals of an added product that the customer is told about in words of their own. */
const ADD_REFUSALS = [
  "CartVendorsMaxLimitException",
  "VendorClosedException",
  "ProductNotFoundException",
  "ProductNotAvailableException",
  "InvalidComponentsException",
  "InvalidReceiptTypeException",
  "VendorNotInLocalityException",
  "GroupOrderCartException",
  "ProductPriceChangedException",
];

/**
 * Adding a product (section 5 and the alerts of section 8): a cart is started at the delivery
 * address when there is none, or asked for; the server's refusals are said in the customer's words,
 * a vanished cart or one of another locality is started again (the recreate cart alert).
 */
export function useCartAdding({
  cart,
  change,
  setAlert,
  somethingWentWrong,
}: {
  cart: Cart | null;
  change: CartState["change"];
  setAlert: (alert: CartAlert | null) => void;
  somethingWentWrong: () => void;
}): (item: AddCartItem) => Promise<boolean> {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const { client, locality, deliveryAddress, savedAddresses } = useStorefront();
  const track = useTrack();
  /**
   * The product chosen when the address was asked for: it goes into the cart once the address is
   * saved, and is dropped when the customer declines or closes the address dialog without one.
   */
  const waiting = useRef<{ item: AddCartItem; asked: boolean } | null>(null);
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
        {
          label: t("common.cancel"),
          onClick: () => {
            waiting.current = null;
            setAlert(null);
          },
        },
      ],
    });
  }, [deliveryAddress, savedAddresses.length, t, navigate, location, setAlert]);

  const createCart = useCallback(async (): Promise<string | null> => {
    if (!deliveryAddress || !locality) {
      askForAddress();
      return null;
    }
    const created = await clientSend(client, endpoints.carts.create(), locale, {
      localityCode: locality.code,
      ...cartPlaceOf(deliveryAddress),
    });
    if (!created.ok) {
      somethingWentWrong();
      return null;
    }
    keepCredentials(created.body);
    rememberCartId(created.body.cartId);
    return created.body.cartId;
  }, [locality, deliveryAddress, client, locale, askForAddress, somethingWentWrong]);

  const close = useCallback(() => setAlert(null), [setAlert]);
  const understood = useCallback(
    (title: string, message?: string) =>
      setAlert({
        title,
        ...(message ? { message } : {}),
        buttons: [{ label: t("common.understood"), onClick: close }],
      }),
    [t, close, setAlert],
  );

  /** Adds to a cart, and tells the analytics of what went in. */
  const addProduct = useCallback(
    async (cartId: string, item: AddCartItem, refusals?: string[]) => {
      const sent = await change(endpoints.carts.addProduct(cartId), item, refusals);
      if (sent.ok)
        track("add_to_cart", { vendorId: item.vendorId, productId: item.productId, count: item.count });
      return sent;
    },
    [change, track],
  );

  /** The product goes into this cart; what a refusal means is said here (section 8's alerts). */
  const addTo = useCallback(
    async (cartId: string, item: AddCartItem): Promise<boolean> => {
      const sent = await addProduct(cartId, item, ADD_REFUSALS);
      if (sent.ok) return true;
      const type = sent.error?.type;
      if (type === "CartNotFoundException") {
        // The cart is gone (ordered elsewhere, expired): the recreate cart alert starts another.
        setAlert({
          title: t("cart.alert.recreate"),
          message: t("cart.alert.recreate.gone"),
          buttons: [
            {
              label: t("cart.alert.recreate.confirm"),
              onClick: async () => {
                close();
                const id = await createCart();
                if (id) await addProduct(id, item);
              },
            },
            { label: t("common.cancel"), onClick: close },
          ],
        });
      } else if (type === "ProductPriceChangedException" && sent.error?.price !== undefined && locality) {
        // The price changed since the page showed it (checkInfo): added at the new one only if asked.
        const price = sent.error.price;
        const now = formatMoney(price, locality.currencyCode, locale);
        setAlert({
          title: t("cart.alert.priceChanged"),
          message: t("cart.alert.priceChanged.message", { price: now }),
          buttons: [
            {
              label: t("cart.alert.priceChanged.add", { price: now }),
              onClick: async () => {
                close();
                const added = await addProduct(cartId, {
                  ...item,
                  checkInfo: { price },
                });
                if (added.ok) void revalidator.revalidate();
              },
            },
            { label: t("common.cancel"), onClick: close },
          ],
        });
      } else if (type === "GroupOrderCartException") {
        understood(t("group.refused.checkingOut"));
      } else if (type === "VendorClosedException") {
        understood(t("cart.alert.vendorClosed"), t("cart.alert.vendorClosed.message"));
      } else if (type === "CartVendorsMaxLimitException") {
        // Starting a new order empties the cart, then adds what the customer chose.
        setAlert({
          title: t("cart.alert.anotherVendor"),
          message: t("cart.alert.anotherVendor.message"),
          buttons: [
            {
              label: t("cart.alert.startNewOrder"),
              onClick: async () => {
                close();
                const cleared = await change(endpoints.carts.clear(cartId));
                if (cleared.ok) await addProduct(cartId, item);
              },
            },
            { label: t("common.cancel"), onClick: close },
          ],
        });
      } else if (type) {
        // Said in the reader's language: the API's message is English.
        understood(t("cart.alert.cannotAdd"));
      }
      return false;
    },
    [addProduct, change, createCart, close, understood, t, setAlert, locality, locale, revalidator],
  );

  // The address dialog asked for by an add: once it closes, the product goes in if it left an address.
  const addressAsked = new URLSearchParams(location.search).get("modal") === "AuthAddressModal";
  useEffect(() => {
    const chosen = waiting.current;
    if (!chosen) return;
    if (addressAsked) {
      chosen.asked = true;
      return;
    }
    if (deliveryAddress && locality) {
      waiting.current = null;
      void createCart().then((id) => (id ? addTo(id, chosen.item) : false));
    } else if (chosen.asked) {
      waiting.current = null;
    }
  }, [addressAsked, deliveryAddress, locality, createCart, addTo]);

  const add = useCallback(
    async (item: AddCartItem): Promise<boolean> => {
      const existing = cart;
      if (existing && existing.localityCode === locality?.code) return addTo(existing.cartId, item);
      if (existing && existing.vendorCarts.length > 0 && deliveryAddress && locality) {
        // A cart of another locality cannot take this vendor: the recreate cart alert starts one here.
        setAlert({
          title: t("cart.alert.recreate"),
          message: t("cart.alert.recreate.locality"),
          buttons: [
            {
              label: t("cart.alert.recreate.confirm"),
              onClick: async () => {
                close();
                const id = await createCart();
                if (id) await addTo(id, item);
              },
            },
            { label: t("common.cancel"), onClick: close },
          ],
        });
        return false;
      }
      if (!deliveryAddress || !locality) {
        waiting.current = { item, asked: false };
        askForAddress();
        return false;
      }
      const cartId = await createCart();
      return cartId ? addTo(cartId, item) : false;
    },
    [cart, locality, deliveryAddress, addTo, createCart, askForAddress, close, t, setAlert],
  );

  return add;
}
