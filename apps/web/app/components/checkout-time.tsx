import { dateTimeFormat } from "@storefront/domain";
import type { Cart, DeliveryDays } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { useId, useState } from "react";
import { clientGet } from "../lib/api.client.ts";
import { useCart } from "../lib/cart.tsx";
import { useLocale, useT } from "../lib/i18n.ts";
import { formatPreorderTime } from "../lib/preorder-time.ts";
import { useStorefront } from "../lib/storefront.ts";
import { hidePopup, Popup, popupAnchor, showPopup } from "./popup.tsx";

function dayLabel(date: string, locale: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return dateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The server's refusals of a chosen time, each explained by its own alert rather than the generic one. */
const PREORDER_REFUSALS = ["InvalidPreorderTimeException", "PreorderUnavailableException"] as const;

/** As soon as possible, or a preorder slot chosen in the preorder popup. */
export function CheckoutTime({ cart }: { cart: Cart }) {
  const t = useT();
  const locale = useLocale();
  const { client, params } = useStorefront();
  const cartState = useCart();
  const [days, setDays] = useState<DeliveryDays["days"] | null>(null);
  const [day, setDay] = useState(0);
  const id = `preorder-time-${useId()}`;
  const choose = async (preorderDateTime: string | null) => {
    hidePopup(id);
    const sent = await cartState.change(
      endpoints.carts.update(cart.cartId),
      { preorderDateTime },
      PREORDER_REFUSALS,
    );
    if (sent.ok || !preorderDateTime) return;
    // The slot went while the customer chose (section 8: invalid preorder time, preorder unavailable).
    const understood = { label: t("common.understood"), onClick: () => cartState.showAlert(null) };
    cartState.showAlert(
      sent.error?.type === "PreorderUnavailableException"
        ? { title: t("checkout.preorderUnavailable"), buttons: [understood] }
        : {
            title: t("cart.alert.invalidPreorderTime"),
            message: t("cart.alert.invalidPreorderTime.message", {
              when: formatPreorderTime(preorderDateTime, locale),
            }),
            buttons: [
              {
                label: t("cart.alert.chooseAnotherTime"),
                onClick: () => {
                  cartState.showAlert(null);
                  void openSlots();
                },
              },
              understood,
            ],
          },
    );
  };
  const openSlots = async () => {
    if (params?.delivery.preOrderPeriod.type !== "DAYS") {
      cartState.showAlert({
        title: t("checkout.preorderUnavailable"),
        buttons: [{ label: t("common.understood"), onClick: () => cartState.showAlert(null) }],
      });
      return;
    }
    const answer = await clientGet(client, endpoints.carts.deliverySlots(cart.cartId), locale).catch(
      () => null,
    );
    setDay(0);
    setDays(answer?.days ?? []);
    showPopup(id);
  };
  const option = "flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border px-4";
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-lg font-semibold">
        {t(cart.receiptType === "TAKEAWAY" ? "checkout.time.takeaway" : "checkout.time")}
      </legend>
      <label className={`${option} ${cart.preorderDateTime ? "border-line" : "border-brand bg-brand-soft"}`}>
        <input
          type="radio"
          name="time"
          checked={!cart.preorderDateTime}
          onChange={() => void choose(null)}
          className="size-5 accent-[var(--brand)]"
        />
        {t("checkout.asap")}
      </label>
      <label
        {...popupAnchor(id)}
        className={`${option} ${cart.preorderDateTime ? "border-brand bg-brand-soft" : "border-line"}`}
      >
        <input
          type="radio"
          name="time"
          aria-haspopup="dialog"
          checked={Boolean(cart.preorderDateTime)}
          onChange={() => void openSlots()}
          onClick={() => cart.preorderDateTime && void openSlots()}
          className="size-5 accent-[var(--brand)]"
        />
        {cart.preorderDateTime
          ? t("checkout.scheduledFor", { when: formatPreorderTime(cart.preorderDateTime, locale) })
          : t("checkout.schedule")}
      </label>
      <Popup id={id} label={t("checkout.chooseTime")}>
        {days === null ? (
          <div className="h-24 animate-pulse rounded-2xl bg-surface" />
        ) : days.length === 0 ? (
          <p>{t("checkout.noSlots")}</p>
        ) : (
          <div className="grid gap-3">
            <div role="tablist" className="-m-1.5 flex gap-2 overflow-x-auto p-1.5">
              {days.map((d, index) => (
                <button
                  key={d.date}
                  type="button"
                  role="tab"
                  aria-selected={index === day}
                  onClick={() => setDay(index)}
                  className={`min-h-11 shrink-0 rounded-full px-4 text-sm font-medium ${index === day ? "bg-brand text-brand-ink" : "bg-surface"}`}
                >
                  {dayLabel(d.date, locale)}
                </button>
              ))}
            </div>
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {days[day]?.times.map((time) => (
                <li key={time}>
                  <button
                    type="button"
                    onClick={() => void choose(`${days[day]?.date}T${time}:00`)}
                    className="min-h-11 w-full rounded-xl border border-line font-medium hover:border-brand"
                  >
                    {time}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Popup>
    </fieldset>
  );
}
