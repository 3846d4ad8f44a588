import type { CourierJob } from "@storefront/domain/contract";
import { type ComponentProps, type ComponentType, lazy, Suspense } from "react";
import { countdownText, secondsUntil } from "../lib/countdown.ts";
import { useWords } from "../lib/i18n.ts";
import { BigButton, Ltr, Notice } from "./parts.tsx";

/**
 * Leaflet comes with the first offer shown, never with the app's first load. Should its code not
 * come (no signal at that moment, or the server has a newer build than the app left open since the
 * shift began), the offers show without their map until the app opens again: where from and where
 * to are in their words below it, and Accept works as ever.
 */
const OfferMap = lazy<ComponentType<MapProps>>(() =>
  import("./offer-map.tsx").catch(() => ({ default: NoMap })),
);

type MapProps = ComponentProps<typeof import("./offer-map.tsx").default>;

function NoMap(_: MapProps) {
  return null;
}

/**
 * An offer of a job: what it pays, from where to where, on a small map, and how long it stays open;
 * Accept is the big button at the bottom, Decline beside it.
 */
export function OfferCard({
  offer,
  now,
  tileUrl,
  busy,
  error,
  onAccept,
  onDecline,
}: {
  offer: CourierJob;
  now: number;
  tileUrl: string;
  busy: boolean;
  error: string | null;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const { t, money, time } = useWords();
  const left = offer.offerExpiresAt ? secondsUntil(offer.offerExpiresAt, now) : 0;
  const titleId = `offer-${offer.orderId}`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-2xl border-4 border-brand p-4">
      {/* The countdown goes under a title it does not fit beside (a long language, a narrow phone). */}
      <header className="flex flex-wrap items-baseline justify-between gap-x-2">
        <h2 id={titleId} className="text-2xl font-bold">
          {t("offer.title")}
        </h2>
        <p role="timer" aria-label={t("offer.timeLeft")} className="text-3xl font-black tabular-nums">
          <Ltr>{countdownText(left)}</Ltr>
        </p>
      </header>
      <p className="flex flex-col">
        <span className="font-semibold">{t("offer.pays")}</span>
        <span className="text-3xl font-black min-[360px]:text-4xl">
          <bdi>{money(offer.pays, offer.payment.currencyCode)}</bdi>
        </span>
      </p>
      <Suspense fallback={<div className="h-52 w-full rounded-xl border-2 border-ink bg-surface" />}>
        <OfferMap
          pickUp={offer.pickUp}
          dropOff={offer.dropOff}
          tileUrl={tileUrl}
          label={t("offer.map", { from: offer.pickUp.name, to: offer.dropOff.address })}
        />
      </Suspense>
      <dl className="flex flex-col gap-2">
        <div>
          <dt className="font-semibold text-ink-soft">{t("offer.from")}</dt>
          <dd className="text-xl font-bold">{offer.pickUp.name}</dd>
          <dd>
            <bdi>{offer.pickUp.address}</bdi>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-ink-soft">{t("offer.to")}</dt>
          <dd className="text-xl font-bold">
            <bdi>{offer.dropOff.address}</bdi>
          </dd>
        </div>
      </dl>
      <p className="font-semibold">
        {t("job.items", { count: offer.itemsCount })}
        {offer.payment.type === "CASH" && offer.payment.amountToCollect > 0
          ? ` · ${t("offer.cash", { amount: money(offer.payment.amountToCollect, offer.payment.currencyCode) })}`
          : null}
        {offer.readyAt ? ` · ${t("job.readyAt", { time: time(offer.readyAt) })}` : null}
      </p>
      {error ? <Notice tone="bad">{error}</Notice> : null}
      {/* A third and two thirds side by side; where the two words do not fit (a narrow phone, a long
          language), each takes the whole width, taking up the last line. */}
      <div className="sticky bottom-0 -mx-4 -mb-4 flex flex-wrap gap-3 rounded-b-2xl bg-white p-4 pt-2">
        <BigButton look="secondary" disabled={busy} onClick={onDecline} className="grow basis-0">
          {t("offer.decline")}
        </BigButton>
        <BigButton busy={busy} onClick={onAccept} className="min-h-16 grow-[2] basis-0 text-2xl">
          {t("offer.accept")}
        </BigButton>
      </div>
    </article>
  );
}
