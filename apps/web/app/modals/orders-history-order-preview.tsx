import { shownOrderStatus } from "@storefront/domain";
import type { Order } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ArrivalEstimate } from "../components/arrival-estimate.tsx";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { statusTone } from "../components/order-card.tsx";
import { OrderSummary } from "../components/order-summary.tsx";
import { clientGet } from "../lib/api.client.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";

/** An order of the history at a glance (`modal=OrdersHistoryOrderPreview&order=…`); closes on an outside click. */
export default function OrdersHistoryOrderPreview() {
  const t = useT();
  const locale = useLocale();
  const close = useCloseModal();
  const [search] = useSearchParams();
  const { client } = useStorefront();
  const id = search.get("order");
  const [order, setOrder] = useState<Order | null | "failed">(null);
  useEffect(() => {
    if (!id || !/^\d+$/.test(id)) return setOrder("failed");
    clientGet(client, endpoints.customer.order(id), locale).then(setOrder, () => setOrder("failed"));
  }, [id, client, locale]);
  if (order === null) return null;
  if (order === "failed")
    return (
      <Modal title={t("error.other.title")} onClose={close}>
        <p className="p-5">{t("error.notFound.text")}</p>
      </Modal>
    );
  const status = shownOrderStatus({
    status: order.status,
    preorder: order.preorderAt !== null,
  });
  return (
    <Modal title={t("success.number", { id: String(order.id) })} onClose={close}>
      <div className="grid gap-4 p-5">
        <p className={`font-semibold ${statusTone(order.status)}`}>
          {t(`order.status.${status === "CANCELLED" ? "CANCELED" : status}`)}
        </p>
        <ArrivalEstimate order={order} />
        <OrderSummary order={order} />
        <Link
          to={`/${locale}/menu/orders/${order.id}/${order.page}`}
          className="inline-flex min-h-12 items-center justify-center rounded-full bg-brand px-6 font-semibold text-brand-ink"
        >
          {t("orders.open")}
        </Link>
      </div>
    </Modal>
  );
}
