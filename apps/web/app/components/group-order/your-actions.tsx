import { endpoints } from "@storefront/domain/endpoints";
import { Check, Lock, X } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import { rememberCartId, useCart } from "../../lib/cart.tsx";
import type { GroupOrderState } from "../../lib/group-order.ts";
import { useLocale, useT } from "../../lib/i18n.ts";

/** "I'm done" for everyone; the host's lock, checkout, opening it again, and calling it off. */
export function YourActions({ state }: { state: GroupOrderState }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useCart();
  const { group } = state;
  const me = group.members.find((m) => m.memberId === group.you?.memberId);
  const button = "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 font-medium";
  const checkOut = () => {
    if (!group.cartId) return;
    // Locked, the group's cart is the host's cart: the checkout is the cart page, as for any order.
    rememberCartId(group.cartId);
    window.location.assign(`/${locale}/cart`);
  };
  const callOff = () =>
    cart.showAlert({
      title: t("group.callOff.title"),
      message: t("group.callOff.message"),
      // Keeping it is the first, filled button: calling off is the one to mean.
      buttons: [
        { label: t("group.callOff.keep"), onClick: () => cart.showAlert(null) },
        {
          label: t("group.callOff"),
          onClick: async () => {
            cart.showAlert(null);
            // The host is left with the restaurant's page as anyone sees it.
            if (await state.callOff()) navigate(location.pathname, { replace: true });
          },
        },
      ],
    });
  if (group.status === "ORDERED") return null;
  return (
    <div className="flex flex-wrap gap-2">
      {group.status === "OPEN" && me && (
        <button
          type="button"
          aria-pressed={me.done}
          disabled={state.pending}
          onClick={() => void state.send(endpoints.groupOrders.markMe(state.group.token), { done: !me.done })}
          className={`${button} ${me.done ? "bg-surface ring-1 ring-line" : "bg-emerald-700 text-white"}`}
        >
          <Check aria-hidden className="size-5" />
          {me.done ? t("group.notDone") : t("group.markDone")}
        </button>
      )}
      {group.you?.host && group.status === "OPEN" && (
        <button
          type="button"
          disabled={state.pending || group.itemsTotal === 0}
          onClick={async () => {
            const sent = await state.send(endpoints.groupOrders.status(state.group.token), {
              status: "LOCKED",
            });
            if (sent.ok) checkOut();
          }}
          className={`${button} bg-brand text-brand-ink disabled:opacity-50`}
        >
          <Lock aria-hidden className="size-5" />
          {t("group.lock")}
        </button>
      )}
      {group.you?.host && group.status === "LOCKED" && (
        <>
          <button type="button" onClick={checkOut} className={`${button} bg-brand text-brand-ink`}>
            {t("group.checkout")}
          </button>
          <button
            type="button"
            disabled={state.pending}
            onClick={() =>
              void state.send(endpoints.groupOrders.status(state.group.token), { status: "OPEN" })
            }
            className={`${button} bg-surface ring-1 ring-line`}
          >
            {t("group.unlock")}
          </button>
        </>
      )}
      {group.you?.host && (
        <button
          type="button"
          disabled={state.pending}
          onClick={callOff}
          className={`${button} text-red-700 underline-offset-4 hover:underline sm:ms-auto`}
        >
          <X aria-hidden className="size-5" />
          {t("group.callOff")}
        </button>
      )}
    </div>
  );
}
