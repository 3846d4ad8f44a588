import type { CourierAccount, CourierJobs } from "@storefront/domain/contract";
import { useWords } from "../lib/i18n.ts";
import type { ActionQueue } from "../lib/offline-queue.ts";
import type { PositionState } from "../lib/on-shift.ts";
import { JobCard, type NextStep } from "./job-card.tsx";
import { OfferCard } from "./offer-card.tsx";
import { Notice } from "./parts.tsx";
import { ShiftSwitch } from "./shift-switch.tsx";

/** What is being sent: the shift switch, or one job's or offer's action (its order id). */
export type Working = "shift" | number | null;

/**
 * The courier's main screen: the shift switch, the offers (newest chance first), then the jobs
 * under way in the API's order, each with its next step.
 */
export function JobsScreen({
  courier,
  jobs,
  queue,
  now,
  tileUrl,
  position,
  working,
  errors,
  onToggleShift,
  onAccept,
  onDecline,
  onStep,
  onNoticeSeen,
}: {
  courier: CourierAccount;
  jobs: Omit<CourierJobs, "serverTime">;
  queue: ActionQueue;
  now: number;
  tileUrl: string;
  position: PositionState;
  working: Working;
  errors: Readonly<Record<number, string>>;
  onToggleShift: () => void;
  onAccept: (orderId: number) => void;
  onDecline: (orderId: number) => void;
  onStep: (orderId: number, step: NextStep) => void;
  onNoticeSeen: (noticeId: number) => void;
}) {
  const { t } = useWords();
  const deliveredOffline = queue.filter((action) => action.action === "delivered");
  const nothing = jobs.offers.length === 0 && jobs.active.length === 0;
  return (
    <div className="flex flex-col gap-4 p-4">
      <ShiftSwitch onShift={courier.onShift} busy={working === "shift"} onToggle={onToggleShift} />
      {courier.onShift && position === "denied" ? (
        <Notice tone="warn">{t("shift.locationDenied")}</Notice>
      ) : null}
      {jobs.notices.map((notice) => (
        <div key={notice.id} className="flex flex-col gap-2">
          <Notice tone="warn">{t("notice.reassigned", { id: notice.orderId })}</Notice>
          <button
            type="button"
            onClick={() => onNoticeSeen(notice.id)}
            className="min-h-12 rounded-xl border-2 border-ink px-4 font-semibold"
          >
            {t("notice.understood")}
          </button>
        </div>
      ))}
      {deliveredOffline.map(({ orderId }) => (
        <Notice key={orderId} tone="warn">
          {t("offline.deliveredWaiting", { id: orderId })}
        </Notice>
      ))}
      {jobs.offers.map((offer) => (
        <OfferCard
          key={offer.orderId}
          offer={offer}
          now={now}
          tileUrl={tileUrl}
          busy={working === offer.orderId}
          error={errors[offer.orderId] ?? null}
          onAccept={() => onAccept(offer.orderId)}
          onDecline={() => onDecline(offer.orderId)}
        />
      ))}
      {jobs.active.map((job) => (
        <JobCard
          key={job.orderId}
          job={job}
          waiting={queue.some((action) => action.orderId === job.orderId)}
          busy={working === job.orderId}
          error={errors[job.orderId] ?? null}
          onStep={(step) => onStep(job.orderId, step)}
        />
      ))}
      {nothing ? (
        <p className="py-8 text-center text-xl text-ink-soft">
          {courier.onShift ? t("jobs.noneOnShift") : t("jobs.noneOffShift")}
        </p>
      ) : null}
    </div>
  );
}
