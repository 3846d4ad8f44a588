import { formatDateTime } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { useState } from "react";
import { useNavigate } from "react-router";
import { InvoiceEmailForm } from "../components/invoice-email-form.tsx";
import { OrderSummary } from "../components/order-summary.tsx";
import { ReviewForm } from "../components/review-form.tsx";
import { StateButton, useButtonState } from "../components/state-button.tsx";
import { titleFrom } from "../components/titled.ts";
import { clientFetch, clientGet, clientSend } from "../lib/api.client.ts";
import { apiGet, loadOptional } from "../lib/api.server.ts";
import { rememberCartId, useCart } from "../lib/cart.tsx";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useCityClock } from "../lib/city-clock.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { mediaUrl } from "../lib/media-url.ts";
import { loadOrderPage } from "../lib/orders.server.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/menu-orders-id-details";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

interface GivenReview {
  rating: number;
  comment: string | null;
}
interface OrderReviews {
  vendorReview: GivenReview | null;
  courierReview: GivenReview | null;
  canReviewVendor: boolean;
  canReviewCourier: boolean;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [t, order] = await Promise.all([
    serverTranslator(visitor.locale),
    loadOrderPage(visitor, params.id, "details"),
  ]);
  const reviews = await loadOptional(
    "order reviews",
    (): Promise<OrderReviews> => apiGet(endpoints.customer.orderReviews(order.id), visitor.caller),
    null,
  );
  return { title: t("title.orders"), order, reviews };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** A finished order: what it was, its reviews, its invoice, and ordering it again. */
export default function OrderDetailsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const { client, deliveryAddress, native } = useStorefront();
  const cartState = useCart();
  const { order } = loaderData;
  const clock = useCityClock()(order.localityCode);
  const [reviews, setReviews] = useState(loaderData.reviews);
  const [reorderState, setReorderState] = useButtonState();
  const alert = (title: string, message?: string, then?: () => void) =>
    cartState.showAlert({
      title,
      ...(message ? { message } : {}),
      buttons: [
        {
          label: t("common.understood"),
          onClick: () => {
            cartState.showAlert(null);
            then?.();
          },
        },
      ],
    });

  const invoice = async () => {
    if (native) {
      // The native app opens the PDF in the phone's browser: a signed link that needs no session.
      const link = await clientGet(client, endpoints.customer.invoiceLink(order.id), locale).catch(
        () => null,
      );
      if (link) window.location.assign(link.url);
      else alert(t("alert.somethingWentWrong"));
      return;
    }
    const response = await clientFetch(client, endpoints.customer.invoice(order.id), locale);
    if (!response?.ok) return alert(t("alert.somethingWentWrong"));
    const file = URL.createObjectURL(await response.blob());
    const anchor = Object.assign(document.createElement("a"), {
      href: file,
      download: `invoice-${order.id}.pdf`,
    });
    anchor.click();
    window.setTimeout(() => URL.revokeObjectURL(file), 10_000);
  };

  const reorder = async () => {
    const where =
      deliveryAddress?.kind === "saved"
        ? { customerAddressId: deliveryAddress.id }
        : {
            location: order.address
              ? { latitude: order.address.latitude, longitude: order.address.longitude }
              : { latitude: deliveryAddress?.latitude ?? 0, longitude: deliveryAddress?.longitude ?? 0 },
          };
    setReorderState("loading");
    const sent = await clientSend(client, endpoints.customer.reorder(order.id), locale, where);
    setReorderState(sent.ok ? "complete" : "ready");
    if (!sent.ok) return alert(t("alert.somethingWentWrong"));
    rememberCartId(sent.body.cartId);
    const toCart = () => navigate(`/${locale}/cart`);
    if (sent.body.unavailableItems.length > 0)
      return alert(
        t("order.reorder.unavailable"),
        sent.body.unavailableItems.map((item) => item.name).join(", "),
        toCart,
      );
    toCart();
  };

  return (
    <section className="grid gap-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">{t("success.number", { id: String(order.id) })}</h1>
        <p
          role="status"
          className={`text-lg font-semibold ${order.status === "COMPLETED" ? "text-green-700" : "text-red-700"}`}
        >
          {t(`order.status.${order.status === "CANCELLED" ? "CANCELED" : order.status}`)}
        </p>
        <p className="text-ink-soft">{formatDateTime(order.createdAt, clock)}</p>
      </header>
      <OrderSummary order={order} level={2} />
      {order.deliveryPhotoUrl && (
        <figure className="grid gap-2">
          <img
            src={mediaUrl(order.deliveryPhotoUrl)}
            alt={t("order.deliveryPhoto")}
            loading="lazy"
            className="max-h-80 w-full rounded-2xl bg-surface object-cover"
          />
          <figcaption className="text-ink-soft text-sm">{t("order.deliveryPhoto")}</figcaption>
        </figure>
      )}
      {reviews && (
        <div className="grid gap-3">
          <ReviewForm
            orderId={order.id}
            kind="vendor"
            given={reviews.vendorReview}
            open={reviews.canReviewVendor}
            onSaved={(review) => setReviews({ ...reviews, vendorReview: review, canReviewVendor: false })}
          />
          {order.receiptType === "DELIVERY" && (
            <ReviewForm
              orderId={order.id}
              kind="courier"
              given={reviews.courierReview}
              open={reviews.canReviewCourier}
              onSaved={(review) => setReviews({ ...reviews, courierReview: review, canReviewCourier: false })}
            />
          )}
        </div>
      )}
      {order.status === "COMPLETED" && <InvoiceEmailForm orderId={order.id} />}
      <div className="flex flex-wrap gap-3">
        <StateButton
          type="button"
          state={reorderState}
          onClick={() => void reorder()}
          className="min-h-12 rounded-full bg-brand px-6 font-semibold text-brand-ink"
        >
          {t("order.reorder")}
        </StateButton>
        {order.status === "COMPLETED" && (
          <button
            type="button"
            onClick={() => void invoice()}
            className="min-h-12 rounded-full border border-line px-6 font-medium"
          >
            {t("order.invoice")}
          </button>
        )}
      </div>
    </section>
  );
}
