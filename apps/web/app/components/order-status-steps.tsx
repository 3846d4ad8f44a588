import type { Order } from "@storefront/domain/contract";
import { useT } from "../lib/i18n.ts";
import { Icon } from "./icons.tsx";

const DELIVERY_STEPS = ["WAITING_APPROVAL", "PREPARING", "ON_DELIVERY", "ARRIVED"] as const;
const TAKEAWAY_STEPS = ["WAITING_APPROVAL", "PREPARING", "READY"] as const;
/** Where each status stands on the way (APPROVED shows as preparing; READY waits for the courier). */
const POSITION: Record<string, number> = {
  CREATED: -1,
  WAITING_APPROVAL: 0,
  APPROVED: 1,
  PREPARING: 1,
  READY: 2,
  ON_DELIVERY: 2,
  ARRIVED: 3,
  COMPLETED: 4,
};

/** The steps of an order, the current one marked. */
export function OrderStatusSteps({ order }: { order: Pick<Order, "status" | "receiptType"> }) {
  const t = useT();
  const steps = order.receiptType === "TAKEAWAY" ? TAKEAWAY_STEPS : DELIVERY_STEPS;
  // On a delivery, READY is still the kitchen's step until the courier leaves.
  const at =
    order.receiptType === "DELIVERY" && order.status === "READY" ? 1 : (POSITION[order.status] ?? -1);
  // Side by side only where the list is wide enough for its longest words (Malagasy's take 540 px);
  // it is narrower than the page beside the account menu on a tablet.
  return (
    <div className="@container">
      <ol className="grid gap-3 @xl:grid-cols-4" aria-label={t("order.steps")}>
        {steps.map((step, index) => {
          const done = index < at;
          const current = index === at;
          return (
            <li
              key={step}
              aria-current={current ? "step" : undefined}
              className={`flex items-center gap-2 rounded-2xl px-3 py-2 text-sm ${current ? "bg-brand text-brand-ink" : done ? "bg-brand-soft" : "bg-surface text-ink-soft"}`}
            >
              <span className="grid size-6 shrink-0 place-items-center rounded-full bg-white/30 text-xs font-bold">
                {done ? <Icon name="check" className="size-4" /> : index + 1}
              </span>
              {t(`order.step.${step}`)}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
