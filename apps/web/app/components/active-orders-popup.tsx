import { formatQuantityBadge, shownOrderStatus } from "@storefront/domain";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { ActiveOrderLine } from "../lib/active-order-line.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { ActiveOrderTracker } from "./active-order-tracker.tsx";
import { ArrivalEstimate } from "./arrival-estimate.tsx";
import { Badge } from "./badge.tsx";
import { Icon } from "./icons.tsx";
import { statusTone } from "./order-card.tsx";

/**
 * The header's orders button while orders are under way: its badge counts them and it opens a
 * popup with each one's status and arrival window, leading to its status page. While the popup is
 * open each order is followed over its tracking socket, so what it says is live.
 */
export function ActiveOrdersButton({ className }: { className: string }) {
  const t = useT();
  const locale = useLocale();
  const { activeOrders: loaded, activeOrdersCount } = useStorefront();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  // The popup opens without script (a popover): one opened before this code was live is followed too.
  useEffect(() => {
    if (panel.current?.matches(":popover-open")) setOpen(true);
  }, []);
  // What the sockets told since the page loaded, by order.
  const [told, setTold] = useState<Record<number, Partial<Pick<ActiveOrderLine, "status" | "eta">>>>({});
  const tell = (id: number, news: Partial<Pick<ActiveOrderLine, "status" | "eta">>) =>
    setTold((current) => ({ ...current, [id]: { ...current[id], ...news } }));
  const activeOrders = loaded.map((order) => ({ ...order, ...told[order.id] }));
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
        ref={panel}
        popover="auto"
        onToggle={(event) => setOpen(event.newState === "open")}
        role="dialog"
        aria-labelledby="active-orders-title"
        className="popup-panel bg-white p-5 shadow-2xl [position-anchor:--active-orders]"
      >
        <h2 id="active-orders-title" className="text-lg font-semibold">
          {t("orders.activeTitle")}
        </h2>
        {open &&
          activeOrders.map((order) => (
            <ActiveOrderTracker
              key={order.id}
              order={order}
              onStatus={(id, status) => tell(id, { status: status as ActiveOrderLine["status"] })}
              onEta={(id, eta) => tell(id, { eta })}
            />
          ))}
        <ul className="mt-3 grid gap-2">
          {activeOrders.map((order) => {
            const status = shownOrderStatus({
              status: order.status,
              preorder: order.preorderAt !== null,
            });
            return (
              <li key={order.id}>
                <Link
                  to={`/${locale}/menu/orders/${order.id}/status`}
                  onClick={close}
                  className="grid gap-0.5 rounded-2xl p-3 ring-1 ring-black/5 hover:bg-surface"
                >
                  <span dir="auto" className="truncate font-semibold text-match-parent">
                    {order.vendorNames}
                  </span>
                  <span className={`dot-separated text-sm font-medium ${statusTone(order.status)}`}>
                    <span>{t("success.number", { id: String(order.id) })}</span>
                    <span>{t(`order.status.${status === "CANCELLED" ? "CANCELED" : status}`)}</span>
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
