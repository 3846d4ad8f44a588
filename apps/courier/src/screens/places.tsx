import type { CourierJob } from "@storefront/domain/contract";
import type { Point } from "@storefront/domain/geo";
import { type MapApp, navigationLinks } from "@storefront/domain/places";
import { type MessageKey, useWords } from "../lib/i18n.ts";
import { ButtonLink, Ltr } from "./parts.tsx";

const MAP_APPS: Record<MapApp, MessageKey> = {
  google: "navigate.google",
  apple: "navigate.apple",
  waze: "navigate.waze",
  geo: "navigate.other",
};

/** Directions to a place, handed to the phone's map app of the courier's choice. */
export function Directions({ place, label }: { place: Point; label: string }) {
  const { t } = useWords();
  return (
    <nav aria-label={label} className="flex flex-col gap-2">
      <p className="font-semibold">{label}</p>
      {/* Two columns where the map apps' names fit side by side (360 px and wider), else one. */}
      <div className="grid grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] gap-2">
        {navigationLinks(place).map(({ app, href }) => (
          <ButtonLink key={app} href={href}>
            {t(MAP_APPS[app])}
          </ButtonLink>
        ))}
      </div>
    </nav>
  );
}

/** A kitchen's name, address and the button to call its counter. */
function Kitchen({ place }: { place: CourierJob["pickUp"] }) {
  const { t } = useWords();
  return (
    <>
      <p className="text-xl font-bold">{place.name}</p>
      <p>
        <bdi>{place.address}</bdi>
      </p>
      {place.phone ? (
        <ButtonLink href={`tel:${place.phone}`}>
          {t("job.callKitchen")} <Ltr>{place.phone}</Ltr>
        </ButtonLink>
      ) : null}
    </>
  );
}

/** Where the order is picked up: the kitchen (and an order of several vendors' other kitchens after it). */
export function PickUp({ job }: { job: CourierJob }) {
  const { t, time } = useWords();
  return (
    <section className="flex flex-col gap-1">
      <h3 className="font-semibold text-ink-soft">{t("job.pickUp")}</h3>
      <Kitchen place={job.pickUp} />
      {job.readyAt ? <p className="font-semibold">{t("job.readyAt", { time: time(job.readyAt) })}</p> : null}
      {job.alsoPickUp.map((place) => (
        <div key={`${place.latitude},${place.longitude}`} className="mt-2 flex flex-col gap-1">
          <h4 className="font-semibold text-ink-soft">{t("job.alsoPickUp")}</h4>
          <Kitchen place={place} />
        </div>
      ))}
    </section>
  );
}

/** What the customer wrote for the courier: flat, entrance, floor, intercom. */
const DOOR_DETAILS = [
  ["apartmentNumber", "job.apartment"],
  ["entrance", "job.entrance"],
  ["floor", "job.floor"],
  ["intercom", "job.intercom"],
] as const satisfies ReadonlyArray<readonly [keyof CourierJob["dropOff"], MessageKey]>;

/** Where the order goes: the address, the door's details, the customer's comment and wishes. */
export function DropOff({ job }: { job: CourierJob }) {
  const { t } = useWords();
  const { dropOff } = job;
  const details = DOOR_DETAILS.filter(([field]) => dropOff[field]);
  return (
    <section className="flex flex-col gap-1">
      <h3 className="font-semibold text-ink-soft">{t("job.dropOff")}</h3>
      {job.customer.name ? <p className="text-xl font-bold">{job.customer.name}</p> : null}
      <p className="text-xl font-bold">
        <bdi>{dropOff.address}</bdi>
      </p>
      {details.length > 0 ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
          {details.map(([field, label]) => (
            <div key={field}>
              <dt className="text-ink-soft hyphens-auto [overflow-wrap:anywhere]">{t(label)}</dt>
              <dd className="text-xl font-bold">
                <bdi>{dropOff[field]}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {dropOff.comment ? (
        <p className="rounded-lg bg-surface px-3 py-2">
          <span className="font-semibold">{t("job.comment")} </span>
          <bdi>{dropOff.comment}</bdi>
        </p>
      ) : null}
      {dropOff.instructions.contactless || dropOff.instructions.callOnArrival ? (
        <ul className="flex flex-wrap gap-2">
          {dropOff.instructions.contactless ? <Wish>{t("job.leaveAtDoor")}</Wish> : null}
          {dropOff.instructions.callOnArrival ? <Wish>{t("job.callOnArrival")}</Wish> : null}
        </ul>
      ) : null}
    </section>
  );
}

function Wish({ children }: { children: string }) {
  return (
    <li className="rounded-lg border-2 border-warn bg-[#fff4e0] px-3 py-1 font-bold text-warn">{children}</li>
  );
}

/** The cash to take at the door, large, or that there is none. */
export function Cash({ job }: { job: CourierJob }) {
  const { t, money } = useWords();
  const { payment } = job;
  if (payment.type !== "CASH" || payment.amountToCollect <= 0)
    return <p className="font-semibold">{t("job.paidOnline")}</p>;
  return (
    <p className="flex flex-col rounded-xl border-2 border-ink px-4 py-2">
      <span className="font-semibold">{t("job.collectCash")}</span>
      <span className="text-3xl font-black min-[360px]:text-4xl">
        {/* First-strong, as Intl writes it: Arabic keeps "د.ع." after the amount. */}
        <bdi>{money(payment.amountToCollect, payment.currencyCode)}</bdi>
      </span>
    </p>
  );
}

/** A call to the customer; none for an offer accepted offline, whose phone the API gives once it is the courier's. */
export function CallCustomer({ job }: { job: CourierJob }) {
  const { t } = useWords();
  if (!job.customer.phone) return null;
  return (
    <ButtonLink href={`tel:${job.customer.phone}`}>
      {t("job.callCustomer")} <Ltr>{job.customer.phone}</Ltr>
    </ButtonLink>
  );
}
