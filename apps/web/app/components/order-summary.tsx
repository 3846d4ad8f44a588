import { directionsUrl, formatDateTime, formatMoney } from "@storefront/domain";
import type { Order } from "@storefront/domain/contract";
import { Fragment } from "react";
import { imageSource } from "../lib/catalogue-view.ts";
import { useCityClock } from "../lib/city-clock.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { CartTotals } from "./cart-totals.tsx";
import { OrderInstructions } from "./order-instructions.tsx";
import { Picture } from "./picture.tsx";

/**
 * What was ordered, vendor by vendor, and what it cost: as the customer saw it at checkout. Each
 * vendor's name is a heading one level under the page's or the dialog's title (`level`).
 */
export function OrderSummary({ order, level = 3 }: { order: Order; level?: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  const t = useT();
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, order.currencyCode, locale);
  return (
    <div className="grid gap-4">
      {order.vendorCarts.map((vendorCart) => (
        <section key={vendorCart.vendorCartId} aria-label={vendorCart.vendorName} className="grid gap-2">
          <Heading className="flex items-center gap-2 font-semibold">
            <Picture
              source={imageSource(vendorCart.vendorAvatar, 32, 80)}
              sizes="32px"
              className="size-8 rounded-full object-cover"
            />
            {vendorCart.vendorName}
          </Heading>
          <ul className="grid gap-2">
            {vendorCart.items.map((item) => (
              <li key={item.cartProductId} className="flex items-start justify-between gap-3 text-sm">
                <span>
                  <span className="font-medium">
                    {item.count} × {item.name}
                  </span>
                  {item.components.length > 0 && (
                    <span className="block text-ink-soft">
                      {item.components.map((c) => c.name).join(", ")}
                    </span>
                  )}
                  {item.person && (
                    <span className="block text-ink-soft">{t("group.forPerson", { name: item.person })}</span>
                  )}
                  {item.comment && <span className="block text-ink-soft italic">{item.comment}</span>}
                </span>
                <span className="shrink-0">{money(item.totalPrice)}</span>
              </li>
            ))}
          </ul>
          {vendorCart.cutlery > 0 && (
            <p className="text-sm text-ink-soft">{t("order.cutlery", { count: vendorCart.cutlery })}</p>
          )}
        </section>
      ))}
      <CartTotals
        cart={{
          currencyCode: order.currencyCode,
          prices: order.prices,
          receiptType: order.receiptType,
          deliveryTime: null,
          promocode: order.promocode,
          tipAmount: order.prices.tipAmount,
        }}
      />
      {order.refunds.length > 0 && <OrderRefunds order={order} />}
      {order.receiptType === "DELIVERY" && order.address && <OrderAddress address={order.address} />}
      {order.receiptType === "TAKEAWAY" && order.vendors.length > 0 && (
        <OrderPickUp vendors={order.vendors} />
      )}
      <OrderInstructions instructions={order.deliveryInstructions} />
    </div>
  );
}

/** The money the partner gave back after delivery, each time with its reason, and all of it. */
function OrderRefunds({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  const clock = useCityClock()(order.localityCode);
  const money = (amount: number) => formatMoney(amount, order.currencyCode, locale);
  return (
    <section className="grid gap-2 rounded-xl bg-green-50 p-3 text-sm" aria-labelledby="order-refunds">
      <h2 id="order-refunds" className="text-lg font-semibold">
        {t("order.refunds")}
      </h2>
      <ul className="grid gap-2">
        {order.refunds.map((refund) => (
          <li key={`${refund.at}-${refund.amount}`}>
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium text-green-800">
                {t("order.refund.line", { amount: money(refund.amount) })}
              </span>
              <span className="text-ink-soft">{formatDateTime(refund.at, clock)}</span>
            </p>
            <p>
              <bdi>{refund.reason}</bdi>
            </p>
          </li>
        ))}
      </ul>
      <p className="font-semibold">{t("order.refund.total", { amount: money(order.refundedAmount) })}</p>
    </section>
  );
}

/** Where a takeaway is picked up: each vendor's name and address, with directions in a map app. */
function OrderPickUp({ vendors }: { vendors: Order["vendors"] }) {
  const t = useT();
  return (
    <section className="grid gap-3" aria-labelledby="order-pick-up">
      <h2 id="order-pick-up" className="text-lg font-semibold">
        {t("order.pickUp")}
      </h2>
      {vendors.map((vendor) => (
        <div key={vendor.id} className="grid gap-1">
          <p className="font-medium">
            <bdi>{vendor.name}</bdi>
          </p>
          <p>
            <bdi>{vendor.address}</bdi>
          </p>
          <a
            href={directionsUrl(vendor)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-flex min-h-11 items-center justify-self-start rounded-full border border-line px-5 font-medium"
          >
            {t("order.pickUp.directions", { name: vendor.name })}
          </a>
        </div>
      ))}
    </section>
  );
}

/** Where the order goes: the street and what the courier was told to find the door. */
function OrderAddress({ address }: { address: NonNullable<Order["address"]> }) {
  const t = useT();
  const parts = (["apartmentNumber", "entrance", "floor", "intercom"] as const).flatMap((field) =>
    address[field] ? [{ field, label: t(`address.${field}`), value: address[field] }] : [],
  );
  return (
    <section className="grid gap-1" aria-labelledby="order-address">
      <h2 id="order-address" className="text-lg font-semibold">
        {t("checkout.address")}
      </h2>
      <p>
        <bdi>{address.formattedAddress ?? address.shortAddress}</bdi>
      </p>
      {/* What the customer typed (a floor "3-A", an intercom "12#") keeps its own order among the labels. */}
      {parts.length > 0 && (
        <p className="text-ink-soft">
          {parts.map(({ field, label, value }, index) => (
            <Fragment key={field}>
              {index > 0 && " · "}
              {label}: <bdi>{value}</bdi>
            </Fragment>
          ))}
        </p>
      )}
      {address.comment && (
        <p className="text-ink-soft">
          {t("address.comment")}: {address.comment}
        </p>
      )}
    </section>
  );
}
