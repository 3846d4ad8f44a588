import type { OrderStatusName } from "@storefront/domain";
import type { Order } from "@storefront/domain/contract";
import { useEffect, useState } from "react";
import { trackingUrl, useOrderTracking } from "../lib/order-tracking.ts";
import { useStorefront } from "../lib/storefront.ts";

/**
 * Follows one active order's status and arrival window over its tracking socket, from the browser
 * only (it renders nothing): the status a person or the kitchen gave it, and each new window.
 */
export function ActiveOrderTracker({
  order,
  onStatus,
  onEta,
}: {
  order: Pick<Order, "id" | "tracking">;
  onStatus: (id: number, status: OrderStatusName) => void;
  onEta: (id: number, eta: Order["eta"]) => void;
}) {
  const { client } = useStorefront();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  useOrderTracking(mounted ? trackingUrl(client.apiBase, order.tracking.path) : null, (message) => {
    if (message.type === "ORDER_STATUS_UPDATE" && message.actor !== "CUSTOMER")
      onStatus(order.id, message.status);
    if (message.type === "ETA_UPDATE") onEta(order.id, message.eta);
  });
  return null;
}
