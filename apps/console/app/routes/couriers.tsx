import { distanceKm, MAX_OFFER_KM } from "@storefront/domain";
import { type ConsoleOrder, courierFormSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { lazy, Suspense, useEffect } from "react";
import { Link, useLoaderData, useRevalidator, useSearchParams } from "react-router";
import type { CourierTrip, WaitingCourier } from "../components/courier-map.tsx";
import { type CourierResult, CourierTeam, DispatchSettings } from "../components/courier-team.tsx";
import { CitySelect } from "../components/form-parts.tsx";
import { Ltr } from "../components/ltr.tsx";
import { StatusBadge } from "../components/order-facts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/couriers";

/** Leaflet comes with this screen only, and only in the browser. */
const CourierMap = lazy(() => import("../components/courier-map.tsx"));

/** Couriers' places arrive with the orders; the map reads them again this often. */
const REFRESH_MS = 10_000;

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    const [orders, { localities, mapTileUrl }, { couriers }, dispatch] = await Promise.all([
      consoleApi(consoleEndpoints.orders<{ content: ConsoleOrder[] }>({ status: "ACTIVE", size: 100 })),
      consoleApi(consoleEndpoints.localities()),
      consoleApi(consoleEndpoints.couriers()),
      consoleApi(consoleEndpoints.dispatchSettings()),
    ]);
    return {
      orders: orders.content.filter((order) => order.courier !== null),
      localities,
      mapTileUrl,
      couriers,
      dispatch,
    };
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** A courier added (intent "add"), or changed: renamed, another phone, inactive or active again. */
export async function clientAction({
  params,
  request,
}: Route.ClientActionArgs): Promise<
  CourierResult | Response | ReturnType<typeof refusedForm<CourierResult>>
> {
  const form = await request.formData();
  const parsed = parseForm(courierFormSchema, form);
  if (!parsed.ok) {
    const asked = String(form.get("intent"));
    const intent = asked === "add" || asked === "cash" || asked === "dispatch" ? asked : "change";
    const refused =
      parsed.field === "name" || parsed.field === "phone" || parsed.field === "offerSeconds"
        ? parsed.field
        : "other";
    return refusedForm(
      {
        intent,
        courierId: intent === "add" ? null : Number(form.get("courierId")),
        name: String(form.get("name") ?? "").trim(),
        refused,
      },
      parsed.errors,
    );
  }
  const asked = parsed.input;
  const courierId = asked.intent === "add" || asked.intent === "dispatch" ? null : asked.courierId;
  const name = asked.intent === "dispatch" ? "" : (asked.name ?? "");
  try {
    if (asked.intent === "dispatch")
      await consoleApi(consoleEndpoints.saveDispatchSettings(), {
        body: { offerSeconds: asked.offerSeconds },
      });
    else if (asked.intent === "cash") await consoleApi(consoleEndpoints.cashHandedIn(asked.courierId));
    else if (asked.intent === "add")
      await consoleApi(consoleEndpoints.addCourier(), { body: { name, phone: asked.phone } });
    else
      await consoleApi(consoleEndpoints.changeCourier(asked.courierId), {
        body: {
          ...(name ? { name } : {}),
          ...(asked.phone === undefined ? {} : { phone: asked.phone }),
          ...(asked.active === undefined ? {} : { active: asked.active === "true" }),
        },
      });
    return { intent: asked.intent, courierId, name, refused: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && (error.status === 400 || error.status === 409)) {
      const field = error.body.details?.[0]?.field;
      const refused =
        error.status === 409
          ? "taken"
          : field === "name" || field === "phone" || field === "offerSeconds"
            ? field
            : "other";
      return { intent: asked.intent, courierId, name, refused };
    }
    return signInRedirect(error, params.locale, request);
  }
}

export default function Couriers() {
  const t = useT();
  const locale = useLocale();
  const { orders, localities, mapTileUrl, couriers, dispatch } = useLoaderData<typeof clientLoader>();
  const [search, setSearch] = useSearchParams();
  const revalidator = useRevalidator();
  // New orders and moves arrive over the board's socket (the layout reloads on each); the couriers'
  // places do not, so the screen reads them again while it is open.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  const city = localities.find((one) => one.code === search.get("city")) ?? localities[0];
  const inCity = orders.filter((order) => order.localityCode === city?.code);
  // Where a courier's app last said they were: on the way to the kitchen the order has no place yet.
  const placeOf = (phone: string | undefined) =>
    couriers.find((courier) => courier.phone === phone)?.position;
  const trips: CourierTrip[] = inCity.map((order) => ({
    orderId: order.id,
    courierName: order.courier?.name ?? "",
    courier: order.courierLocation ?? placeOf(order.courier?.phone) ?? null,
    destination: order.address
      ? { latitude: order.address.latitude, longitude: order.address.longitude }
      : null,
    vendor: order.vendors[0] ?? null,
  }));
  const busy = new Set(orders.map((order) => order.courier?.phone));
  const waiting: WaitingCourier[] = couriers.flatMap((courier) =>
    courier.position &&
    !busy.has(courier.phone) &&
    city &&
    distanceKm(courier.position, city.center) <= MAX_OFFER_KM
      ? [{ id: courier.id, name: courier.name, position: courier.position }]
      : [],
  );
  const courierLabel = (trip: CourierTrip) =>
    t("couriers.onMap", { courier: trip.courierName, order: trip.orderId });
  const waitingLabel = (courier: WaitingCourier) => t("couriers.waitingOnMap", { courier: courier.name });
  return (
    <main className="mx-auto grid max-w-screen-xl gap-4 p-4">
      <PageTitle>{t("couriers.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("couriers.title")}</h1>
      <CitySelect
        label={t("promo.locality")}
        cities={localities}
        value={city?.code ?? ""}
        onChange={(code) => setSearch({ city: code })}
      />
      {city ? (
        <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
          <Suspense fallback={<div className="h-[28rem] animate-pulse rounded-2xl bg-surface" />}>
            <CourierMap
              cityKey={city.code}
              center={city.center}
              trips={trips}
              waiting={waiting}
              tileUrl={mapTileUrl}
              label={t("couriers.mapLabel", { city: city.name })}
              courierLabel={courierLabel}
              waitingLabel={waitingLabel}
            />
          </Suspense>
          <section aria-labelledby="couriers-list" className="grid content-start gap-2">
            <h2 id="couriers-list" className="font-semibold">
              {t("couriers.listTitle", { count: inCity.length })}
            </h2>
            {inCity.length === 0 ? (
              <p className="rounded-xl bg-white p-4 text-ink-soft text-sm ring-1 ring-line">
                {t("couriers.none")}
              </p>
            ) : (
              <ul className="grid gap-2" aria-labelledby="couriers-list">
                {inCity.map((order) => (
                  <li key={order.id} className="grid gap-1 rounded-xl bg-white p-3 text-sm ring-1 ring-line">
                    <p className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium">{order.courier?.name}</span>
                      <StatusBadge status={order.status} />
                    </p>
                    <p className="text-ink-soft">
                      <a href={`tel:${order.courier?.phone}`} className="underline">
                        <Ltr>{order.courier?.phone}</Ltr>
                      </a>
                      {order.courierLocation || placeOf(order.courier?.phone)
                        ? ""
                        : ` · ${t("couriers.noPlace")}`}
                    </p>
                    <Link to={`/${locale}/orders/${order.id}`} className="text-accent underline">
                      {t("couriers.order", { order: order.id, vendor: order.vendors[0]?.name ?? "" })}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {waiting.length > 0 ? (
              <>
                <h3 id="couriers-waiting" className="mt-2 font-semibold">
                  {t("couriers.waitingTitle", { count: waiting.length })}
                </h3>
                <ul className="flex flex-wrap gap-2" aria-labelledby="couriers-waiting">
                  {waiting.map((courier) => (
                    <li key={courier.id} className="rounded-full bg-white px-3 py-1 text-sm ring-1 ring-line">
                      {courier.name}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        </div>
      ) : null}
      <CourierTeam couriers={couriers} />
      <DispatchSettings offerSeconds={dispatch.offerSeconds} />
    </main>
  );
}
