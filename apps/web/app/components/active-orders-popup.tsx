import { displayedOrderStatus, formatQuantityBadge, type OrderStatusName } from "@storefront/domain";
import type { Order } from "@storefront/domain/contract";
import { Link } from "react-router";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { ArrivalEstimate } from "./arrival-estimate.tsx";
import { Badge } from "./badge.tsx";
import { Icon } from "./icons.tsx";
import { statusTone } from "./order-card.tsx";

/** How many active orders the popup lists; the orders page has the rest. */
export const ACTIVE_ORDERS_SHOWN = 5;

/** An active order as the header's popup shows it. */
export type ActiveOrderLine = Pick<Order, "id" | "status" | "eta" | "receiptType"> & { vendorNames: string };

export function activeOrderLineOf(order: Order): ActiveOrderLine {
  return {
    id: order.id,
    status: order.status,
    eta: order.eta,
    receiptType: order.receiptType,
    vendorNames: order.vendorCarts.map((v) => v.vendorName).join(", "),
  };
}

/**
 * The header's orders button while orders are under way: its badge counts them and it opens a
 * popup with each one's status and arrival window, leading to its status page.
 */
export function ActiveOrdersButton({ className }: { className: string }) {
  const t = useT();
  const locale = useLocale();
  const { activeOrders, activeOrdersCount } = useStorefront();
  const close = () => document.getElementById("active-orders-popup")?.hidePopover();
  return (
    <>
      <button
        type="button"
        popoverTarget="active-orders-popup"
        className={`${className} [anchor-name:--active-orders]`}
        aria-label={t("header.orders")}
      >
        <Icon name="receipt" />
        <Badge>{formatQuantityBadge(activeOrdersCount)}</Badge>
      </button>
      <div
        id="active-orders-popup"
        popover="auto"
        role="dialog"
        aria-labelledby="active-orders-title"
        className="popup-panel bg-white p-5 shadow-2xl [position-anchor:--active-orders]"
      >
        <h2 id="active-orders-title" className="text-lg font-semibold">
          {t("orders.activeTitle")}
        </h2>
        <ul className="mt-3 grid gap-2">
          {activeOrders.map((order) => {
            const status = displayedOrderStatus(order.status as OrderStatusName);
            return (
              <li key={order.id}>
                <Link
                  to={`/${locale}/menu/orders/${order.id}/status`}
                  onClick={close}
                  className="grid gap-0.5 rounded-2xl p-3 ring-1 ring-black/5 hover:bg-surface"
                >
                  <span className="truncate font-semibold">{order.vendorNames}</span>
                  <span className={`text-sm font-medium ${statusTone(order.status)}`}>
                    {t("success.number", { id: String(order.id) })} ·{" "}
                    {t(`order.status.${status === "CANCELLED" ? "CANCELED" : status}`)}
                  </span>
                  <ArrivalEstimate order={order} compact />
                </Link>
              </li>
            );
          })}
        </ul>
        <Link
          to={`/${locale}/menu/orders`}
          onClick={close}
          className="mt-3 inline-flex min-h-11 items-center font-medium text-brand"
        >
          {t("orders.all")}
        </Link>
      </div>
    </>
  );
}
