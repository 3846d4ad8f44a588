import { formatDateTime, formatMoney, formatTime } from "@storefront/domain";
import type { ConsoleOrder } from "@storefront/domain/contract";
import { useCityClock } from "../lib/city-clock.ts";
import { useLocale, useT } from "../lib/i18n.ts";

const STATUS_TONE: Record<string, string> = {
  WAITING_APPROVAL: "bg-amber-100 text-amber-900",
  APPROVED: "bg-sky-100 text-sky-900",
  PREPARING: "bg-sky-100 text-sky-900",
  READY: "bg-violet-100 text-violet-900",
  ON_DELIVERY: "bg-indigo-100 text-indigo-900",
  ARRIVED: "bg-indigo-100 text-indigo-900",
  COMPLETED: "bg-emerald-100 text-emerald-900",
};

export function StatusBadge({ status }: { status: ConsoleOrder["status"] }) {
  const t = useT();
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 font-medium text-xs ${STATUS_TONE[status] ?? "bg-zinc-200 text-zinc-800"}`}
    >
      {t(`status.${status}`)}
    </span>
  );
}

/**
 * An order's amounts in its currency and its times on its city's clock, the city named where the
 * member works in several ("12:00 (Riga)"); `unnamed` for a time beside one that names it.
 */
export function useOrderFormat() {
  const locale = useLocale();
  const clockOf = useCityClock();
  return {
    money: (order: ConsoleOrder, amount: number) => formatMoney(amount, order.currencyCode, locale),
    time: (order: ConsoleOrder, iso: string) => formatTime(iso, clockOf(order.localityCode)),
    dateTime: (order: ConsoleOrder, iso: string, unnamed?: "unnamed") =>
      formatDateTime(iso, clockOf(order.localityCode, unnamed)),
  };
}

/** How many things were ordered, over every vendor cart. */
export function itemCount(order: ConsoleOrder): number {
  return order.vendorCarts.reduce((sum, cart) => sum + cart.items.reduce((n, item) => n + item.count, 0), 0);
}
