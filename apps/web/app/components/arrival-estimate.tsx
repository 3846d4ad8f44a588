import { formatDayAndTime, formatTime } from "@storefront/domain";
import type { Order } from "@storefront/domain/contract";
import { useEffect, useState } from "react";
import { useCityClock } from "../lib/city-clock.ts";
import { useT } from "../lib/i18n.ts";
import { Icon } from "./icons.tsx";

const MINUTE = 60_000;
/** Up to when "in … min" is shown: further ahead, the day and time say it better. */
const COUNTDOWN_MINUTES = 120;

/** The time now, from the first effect on and every half minute; null while the page is not live yet. */
function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE / 2);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * When an active order should come: "Arrives 12:40–12:50" on its city's clock (ready, for a
 * takeaway), and "in 8–18 min" once the page is live; the server narrows the window as the order
 * advances. Nothing when no window is awaited.
 */
export function ArrivalEstimate({
  order,
  compact = false,
}: {
  order: Pick<Order, "eta" | "receiptType" | "preorderAt" | "localityCode">;
  /** A line of a list (the orders history, the header's popup) rather than the order's own page. */
  compact?: boolean;
}) {
  const t = useT();
  const clock = useCityClock()(order.localityCode);
  const now = useNow();
  if (!order.eta) return null;
  const from = Date.parse(order.eta.from);
  const to = Date.parse(order.eta.to);
  // A preorder names its day: it may come tomorrow or later.
  const window = {
    from: order.preorderAt ? formatDayAndTime(from, clock) : formatTime(from, clock),
    to: formatTime(to, clock),
  };
  const minutes = (at: number) => Math.max(0, Math.round((at - (now ?? 0)) / MINUTE));
  // Minutes are worth counting within the next hours; a later preorder is read by its day and time.
  const countdown = now !== null && minutes(from) <= COUNTDOWN_MINUTES;
  // The clock stands beside the words, on their first line (2 px down to its middle), however
  // they wrap: a narrow card breaks the words, not the clock from them.
  return (
    <p
      className={
        compact
          ? "flex items-start gap-x-1.5 text-sm"
          : "flex items-start gap-x-2 rounded-2xl bg-brand-soft px-4 py-3"
      }
    >
      <Icon name="clock" className={`${compact ? "size-4" : "size-5"} mt-0.5 shrink-0 text-brand`} />
      <span className={`flex min-w-0 flex-wrap items-baseline ${compact ? "gap-x-1.5" : "gap-x-2"}`}>
        <span className="font-semibold">
          {order.receiptType === "TAKEAWAY" ? t("order.eta.ready", window) : t("order.eta.arrives", window)}
        </span>
        {countdown && (
          <span className="text-ink-soft">
            {minutes(to) === 0
              ? t("order.eta.anyMinute")
              : t("order.eta.in", { from: String(minutes(from)), to: String(minutes(to)) })}
          </span>
        )}
      </span>
    </p>
  );
}
