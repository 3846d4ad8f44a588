import { handoverCodeShown, isActiveOrderStatus, shownOrderStatus } from "@storefront/domain";
import type { CustomerOrder, Order } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { type ReactNode, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { ArrivalEstimate } from "../components/arrival-estimate.tsx";
import { Ltr } from "../components/ltr.tsx";
import { MapPreview, type MapWaking } from "../components/map/map-preview.tsx";
import type { OrderMapProps } from "../components/map/order-map-marks.ts";
import { OrderStatusSteps } from "../components/order-status-steps.tsx";
import { OrderSummary } from "../components/order-summary.tsx";
import { StateButton, useButtonState } from "../components/state-button.tsx";
import { titleFrom } from "../components/titled.ts";
import { clientGet, clientSend } from "../lib/api.client.ts";
import { useCart } from "../lib/cart.tsx";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { lazyPart } from "../lib/new-build.ts";
import { cancelRefusalKey } from "../lib/order-cancel.ts";
import { type TrackingMessage, trackingUrl, useOrderTracking } from "../lib/order-tracking.ts";
import { loadOrderPage } from "../lib/orders.server.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/menu-orders-id-status";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

const OrderMap = lazyPart(() => import("../components/map/order-map.tsx"));

/**
 * The map's box, from the first paint on: its size is its own (`contain: strict`), so the page does
 * not move when the map comes, and making the map lays out this box only, not the whole page.
 */
function MapBox({ children }: { children?: ReactNode }) {
  return (
    <div className="relative h-64 overflow-hidden rounded-2xl bg-surface [contain:strict] md:h-80">
      {children}
    </div>
  );
}

/**
 * The order's map: its first view drawn by the page, and Leaflet's live map laid over it once the
 * customer reaches for it (decision 0192). Once the live map is made it takes the presses, the focus
 * (a keyboard's on the first view moves to it) and the screen reader's attention; once its tiles are
 * drawn, the first view under it goes.
 */
function DeliveryMap(props: OrderMapProps) {
  const [waking, setWaking] = useState<MapWaking | null>(null);
  const [stage, setStage] = useState<"first view" | "made" | "drawn">("first view");
  const wake = (next: MapWaking) =>
    setWaking((current) => ({ by: current?.by ?? next.by, zoomBy: (current?.zoomBy ?? 0) + next.zoomBy }));
  return (
    <MapBox>
      {stage !== "drawn" && <MapPreview {...props} covered={stage === "made"} onWake={wake} />}
      {waking && (
        // Until the live map is made, a press goes through to the first view's buttons.
        <div className={stage === "first view" ? "pointer-events-none absolute inset-0" : "absolute inset-0"}>
          <Suspense>
            <OrderMap
              {...props}
              zoomBy={waking.zoomBy}
              onMade={(map) => {
                if (waking.by === "focus") map.getContainer().focus();
                setStage("made");
              }}
              onDrawn={() => setStage("drawn")}
            />
          </Suspense>
        </div>
      )}
    </MapBox>
  );
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [t, order] = await Promise.all([
    serverTranslator(visitor.locale),
    loadOrderPage(visitor, params.id, "status"),
  ]);
  return { title: t("title.orders"), order };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** An active order, live: its steps, the courier and the map, until it ends. */
export default function OrderStatusPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const { client, params } = useStorefront();
  const cartState = useCart();
  const [order, setOrder] = useState<CustomerOrder>(loaderData.order);
  if (order.id !== loaderData.order.id) setOrder(loaderData.order);
  const [cancelState, setCancelState] = useButtonState();
  const details = `/${locale}/menu/orders/${order.id}/details`;

  const ended = (status: string) => {
    const paidOnline = order.paymentType === "ONLINE" && order.paymentStatus === "AUTHORIZED";
    if (status === "COMPLETED") return navigate(details, { replace: true });
    cartState.showAlert({
      title: t("order.alert.canceled"),
      message: paidOnline ? t("order.alert.refund") : t("order.alert.apology"),
      buttons: [
        {
          label: t("common.understood"),
          onClick: () => {
            cartState.showAlert(null);
            navigate(details, { replace: true });
          },
        },
      ],
    });
  };

  const onMessage = (message: TrackingMessage) => {
    if (message.type === "ORDER_STATUS_UPDATE") {
      // The customer's own change (a cancellation) is already on screen.
      if (message.actor === "CUSTOMER" || message.status === order.status) return;
      setOrder((current) => ({ ...current, status: message.status as Order["status"] }));
      if (!isActiveOrderStatus(message.status)) ended(message.status);
      // On its way: the code for the courier, which the socket does not carry, is read once.
      else if (handoverCodeShown(message.status as Order["status"]) && !order.handoverCode)
        clientGet(client, endpoints.customer.order(order.id), locale)
          .then((fresh) => setOrder((current) => ({ ...current, handoverCode: fresh.handoverCode })))
          .catch(() => {});
    } else if (message.type === "ETA_UPDATE") {
      setOrder((current) => ({ ...current, eta: message.eta }));
    } else if (message.type === "COURIER_FOUND") {
      setOrder((current) => ({
        ...current,
        courier: { name: message.courierName, phone: message.courierPhone },
      }));
    } else {
      setOrder((current) => ({
        ...current,
        courierLocation: { latitude: message.latitude, longitude: message.longitude },
      }));
    }
  };
  // Opened by an effect once the page is hydrated; its address is the page's own, which the server's
  // render has not. (Waiting for a render after hydration would render the whole page again.)
  useOrderTracking(
    typeof window === "undefined" ? null : trackingUrl(client.apiBase, order.tracking.path),
    onMessage,
  );

  const cancel = () =>
    cartState.showAlert({
      title: t("order.cancel.confirm"),
      buttons: [
        {
          label: t("order.cancel"),
          onClick: async () => {
            cartState.showAlert(null);
            setCancelState("loading");
            const sent = await clientSend(client, endpoints.customer.cancelOrder(order.id), locale);
            setCancelState(sent.ok ? "complete" : "ready");
            if (sent.ok) return navigate(details, { replace: true });
            cartState.showAlert({
              title: t(cancelRefusalKey(sent.error)),
              buttons: [{ label: t("common.understood"), onClick: () => cartState.showAlert(null) }],
            });
          },
        },
        { label: t("common.back"), onClick: () => cartState.showAlert(null) },
      ],
    });

  const status = shownOrderStatus({
    status: order.status,
    preorder: order.preorderAt !== null,
  });
  return (
    <section className="grid gap-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">{t("success.number", { id: String(order.id) })}</h1>
        <p role="status" className="text-lg font-semibold text-brand">
          {t(`order.status.${status}`)}
        </p>
      </header>
      <ArrivalEstimate order={order} />
      {/* A scheduled order has no step under way: they begin when the kitchen starts it. */}
      {status !== "SCHEDULED" && <OrderStatusSteps order={order} />}
      {order.handoverCode && handoverCodeShown(order.status) && (
        <p className="flex flex-wrap items-baseline gap-x-3 rounded-2xl bg-brand/10 px-4 py-3">
          <span>{t("order.handoverCode")}</span>
          <Ltr className="font-bold text-2xl tracking-[0.3em] tabular-nums">{order.handoverCode}</Ltr>
        </p>
      )}
      {order.courier && (
        <p className="flex flex-wrap items-center gap-x-3 rounded-2xl bg-surface px-4 py-3">
          <span>{t("order.courier", { name: order.courier.name })}</span>
          <a href={`tel:${order.courier.phone}`} className="font-medium text-brand underline">
            <Ltr>{order.courier.phone}</Ltr>
          </a>
        </p>
      )}
      {params && order.receiptType === "DELIVERY" && (
        <DeliveryMap
          tileUrl={params.theme.mapTileUrl}
          vendors={order.vendors}
          destination={order.address}
          courier={order.courierLocation}
          labels={{
            map: t("order.map"),
            destination: t("order.map.destination"),
            courier: t("order.map.courier"),
            zoomIn: t("map.zoomIn"),
            zoomOut: t("map.zoomOut"),
          }}
        />
      )}
      <OrderSummary order={order} level={2} />
      {order.canCancel && (
        <StateButton
          type="button"
          state={cancelState}
          onClick={cancel}
          className="min-h-12 rounded-full border border-line px-6 font-medium"
        >
          {t("order.cancel")}
        </StateButton>
      )}
    </section>
  );
}
