import type { CourierJob } from "@storefront/domain/contract";
import { type MessageKey, useWords } from "../lib/i18n.ts";
import { BigButton, Notice } from "./parts.tsx";
import { CallCustomer, Cash, Directions, DropOff, PickUp } from "./places.tsx";

/** The one next step of a job, by its status: picked up → arrived → delivered. */
export type NextStep = "picked-up" | "arrived" | "delivered";

export function nextStepOf(status: CourierJob["status"]): NextStep {
  if (status === "ARRIVED") return "delivered";
  if (status === "ON_DELIVERY") return "arrived";
  return "picked-up";
}

/** A job's status as the courier thinks of it: the kitchen's statuses are one, the ended ones two. */
export function statusKey(status: CourierJob["status"]): MessageKey {
  switch (status) {
    case "READY":
      return "status.ready";
    case "ON_DELIVERY":
      return "status.onTheWay";
    case "ARRIVED":
      return "status.atTheDoor";
    case "COMPLETED":
      return "status.delivered";
    case "DECLINED":
    case "CANCELED":
    case "CANCELLED":
      return "status.cancelled";
    default:
      return "status.preparing";
  }
}

const STEP_BUTTON: Record<NextStep, MessageKey> = {
  "picked-up": "step.pickedUp",
  arrived: "step.arrived",
  delivered: "step.delivered",
};

/**
 * A job under way, with everything needed on the way and at the door; its next step is one big
 * button that stays at the bottom of the screen, under the thumb, while the job is in view.
 */
export function JobCard({
  job,
  waiting,
  busy,
  error,
  onStep,
}: {
  job: CourierJob;
  /** A step taken offline and not sent yet. */
  waiting: boolean;
  busy: boolean;
  error: string | null;
  onStep: (step: NextStep) => void;
}) {
  const { t } = useWords();
  const step = nextStepOf(job.status);
  const onTheWay = step !== "picked-up";
  const titleId = `job-${job.orderId}`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-4 rounded-2xl border-2 border-ink p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-2xl font-bold">
          {t("job.title", { id: job.orderId })}
        </h2>
        <p className="rounded-full bg-ink px-3 py-1 font-bold text-white">{t(statusKey(job.status))}</p>
      </header>
      <p className="font-semibold">{t("job.items", { count: job.itemsCount })}</p>
      <Cash job={job} />
      {/* Where the courier goes next comes first. */}
      {onTheWay ? (
        <>
          <DropOff job={job} />
          <PickUp job={job} />
        </>
      ) : (
        <>
          <PickUp job={job} />
          <DropOff job={job} />
        </>
      )}
      <CallCustomer job={job} />
      {onTheWay ? (
        <Directions place={job.dropOff} label={t("navigate.toCustomer")} />
      ) : (
        [job.pickUp, ...job.alsoPickUp].map((place) => (
          <Directions
            key={`${place.latitude},${place.longitude}`}
            place={place}
            label={t("navigate.toPickUp", { name: place.name })}
          />
        ))
      )}
      {waiting ? <Notice tone="warn">{t("offline.willSend")}</Notice> : null}
      {error ? <Notice tone="bad">{error}</Notice> : null}
      <div className="sticky bottom-0 -mx-4 -mb-4 rounded-b-2xl bg-white p-4 pt-2">
        <BigButton busy={busy} onClick={() => onStep(step)} className="min-h-16 text-2xl">
          {t(STEP_BUTTON[step])}
        </BigButton>
      </div>
    </article>
  );
}
