import { endpoints } from "@storefront/domain/endpoints";
import { CartPanel } from "../components/cart-panel.tsx";
import { Icon } from "../components/icons.tsx";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { useCart } from "../lib/cart.tsx";
import { useT } from "../lib/i18n.ts";

/** The cart (`modal=Cart`): a sheet on phones, a side panel on desktop, with a clear control. */
export default function CartModal() {
  const t = useT();
  const close = useCloseModal();
  const cartState = useCart();
  const { cart } = cartState;
  const clear = () =>
    cartState.showAlert({
      title: t("cart.alert.clear"),
      buttons: [
        {
          label: t("cart.alert.clear.confirm"),
          onClick: () => {
            cartState.showAlert(null);
            if (cart) void cartState.change(endpoints.carts.clear(cart.cartId));
          },
        },
        { label: t("common.cancel"), onClick: () => cartState.showAlert(null) },
      ],
    });
  return (
    <Modal
      title={t("cart.title")}
      onClose={close}
      size="side"
      action={
        cart && cart.vendorCarts.length > 0 ? (
          <button
            type="button"
            onClick={clear}
            className="grid size-11 place-items-center rounded-full text-ink-soft hover:bg-black/5"
            aria-label={t("cart.clear")}
          >
            <Icon name="trash" />
          </button>
        ) : null
      }
    >
      <div className="px-5 pb-5 pt-3">
        <CartPanel onCheckout={close} />
      </div>
    </Modal>
  );
}
