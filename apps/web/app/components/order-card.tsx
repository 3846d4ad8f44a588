import type { ChosenImage } from "@storefront/domain";
import { formatDateTime, formatMoney, shownOrderStatus } from "@storefront/domain";
import type { Order } from "@storefront/domain/contract";
import { Link, useLocation } from "react-router";
import { imageSource } from "../lib/catalogue-view.ts";
import { useCityClock } from "../lib/city-clock.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { ArrivalEstimate } from "./arrival-estimate.tsx";
import { modalHref } from "./modal-link.ts";
import { Picture } from "./picture.tsx";

/** The colour of a status: the error colour for an unpaid order, green when done, grey when ended. */
export function statusTone(status: string): string {
  if (status === "CREATED") return "text-red-700";
  if (status === "COMPLETED") return "text-green-700";
  if (["DECLINED", "CANCELED", "CANCELLED"].includes(status)) return "text-ink-soft";
  return "text-brand";
}

/** An order as the history shows it (and follows it live while active). */
export type OrderCardData = Pick<
  Order,
  | "id"
  | "status"
  | "price"
  | "currencyCode"
  | "createdAt"
  | "tracking"
  | "eta"
  | "receiptType"
  | "localityCode"
  | "preorderAt"
> & {
  vendorNames: string[];
  /** The first vendor's avatar, 48 px. */
  avatar: ChosenImage | null;
};

export function orderCardOf(order: Order): OrderCardData {
  return {
    id: order.id,
    status: order.status,
    price: order.price,
    currencyCode: order.currencyCode,
    createdAt: order.createdAt,
    tracking: order.tracking,
    eta: order.eta,
    receiptType: order.receiptType,
    preorderAt: order.preorderAt,
    localityCode: order.localityCode,
    vendorNames: order.vendorCarts.map((v) => v.vendorName),
    avatar: imageSource(order.vendorCarts[0]?.vendorAvatar ?? null, 48, 160),
  };
}

/** An order in the history: vendors, date, total and status; it opens the preview. */
export function OrderCard({ order }: { order: OrderCardData }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const clock = useCityClock()(order.localityCode);
  const names = order.vendorNames.join(", ");
  const status = shownOrderStatus({
    status: order.status,
    preorder: order.preorderAt !== null,
  });
  return (
    // The total goes under the picture and the facts (at the end of its own line) when they would
    // have less than 14rem beside it, on the narrowest phones: the facts keep 10rem, and a date,
    // 10rem at most, is not cut.
    <article className="link-card relative flex flex-wrap items-center gap-3 rounded-2xl p-3 ring-1 ring-black/5 hover:bg-surface">
      <div className="flex min-w-0 flex-[1_1_14rem] items-center gap-3">
        <Picture source={order.avatar} sizes="48px" className="size-12 shrink-0 rounded-full object-cover" />
        <div className="grid min-w-0 flex-1">
          <h3 dir="auto" className="truncate font-semibold text-match-parent">
            <Link
              to={modalHref(location, { modal: "OrdersHistoryOrderPreview", order: String(order.id) })}
              preventScrollReset
              className="link-card-target"
            >
              {names}
            </Link>
          </h3>
          <p className="dot-separated text-sm text-ink-soft">
            <span>{t("success.number", { id: String(order.id) })}</span>
            {/* The date and its time on one line. */}
            <span className="whitespace-nowrap">{formatDateTime(order.createdAt, clock)}</span>
          </p>
          <p className={`text-sm font-medium ${statusTone(order.status)}`}>
            {t(`order.status.${status === "CANCELLED" ? "CANCELED" : status}`)}
          </p>
          <ArrivalEstimate order={order} compact />
        </div>
      </div>
      <span className="ms-auto shrink-0 font-semibold">
        {formatMoney(order.price, order.currencyCode, locale)}
      </span>
    </article>
  );
}
