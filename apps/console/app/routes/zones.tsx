import { insertOnNearestEdge, type Point } from "@storefront/domain";
import { type ConsoleLocality, formFieldErrorsOf, zoneDraftSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { lazy, Suspense, useState } from "react";
import { data, useFetcher, useLoaderData, useSearchParams } from "react-router";
import { CitySelect, Notice } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/zones";

/** Leaflet comes with this screen only, and only in the browser. */
const ZoneMap = lazy(() => import("../components/zone-map.tsx"));

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    return await consoleApi(consoleEndpoints.localities());
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

const REFUSALS = ["TOO_FEW_POINTS", "TOO_MANY_POINTS", "REPEATED_POINT", "SELF_CROSSING"] as const;

/** Saves a city's zone; the API's refusal says what is wrong with the outline. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const parsed = zoneDraftSchema.safeParse(await request.json());
  if (!parsed.success)
    return data(
      { saved: false, error: "zones.error.invalid" as const, errors: formFieldErrorsOf(parsed.error) },
      { status: 400 },
    );
  const { code, zone } = parsed.data;
  try {
    await consoleApi(consoleEndpoints.zone(code), { body: { zone } });
    return { saved: true, error: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 400) {
      const refusal = REFUSALS.find((code) => code === error.body.errorCode);
      return {
        saved: false,
        error: refusal ? (`zones.error.${refusal}` as const) : ("zones.error.invalid" as const),
      };
    }
    return signInRedirect(error, params.locale, request);
  }
}

const coordinate = "w-32 rounded-lg border border-line bg-white px-2 py-1 tabular-nums";

/** A point as the map gives it, to a millionth of a degree (about 10 cm): what a hand can place. */
const rounded = (point: Point): Point => ({
  latitude: Math.round(point.latitude * 1e6) / 1e6,
  longitude: Math.round(point.longitude * 1e6) / 1e6,
});

/** One city's zone: drawn anew or edited corner by corner, on the map or in the list of corners. */
function ZoneEditor({ locality, tileUrl }: { locality: ConsoleLocality; tileUrl: string }) {
  const t = useT();
  const fetcher = useFetcher<typeof clientAction>();
  const [corners, setCorners] = useState<Point[]>(locality.zone);
  const [drawing, setDrawing] = useState(false);
  const changed = JSON.stringify(corners) !== JSON.stringify(locality.zone);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const add = (clicked: Point) => {
    const point = rounded(clicked);
    // From the corners as they are now: a second click may come before the map has the next render's
    // handler, and would otherwise add to the corners of before the first (one corner lost).
    setCorners((current) => (drawing ? [...current, point] : insertOnNearestEdge(current, point)));
  };
  const move = (index: number, point: Point) =>
    setCorners((current) => current.map((corner, i) => (i === index ? rounded(point) : corner)));
  const save = () => {
    setDrawing(false);
    fetcher.submit(JSON.stringify({ code: locality.code, zone: corners }), {
      method: "post",
      encType: "application/json",
    });
  };
  const cornerLabel = (number: number) => t("zones.corner", { number });
  return (
    <section className="grid gap-3">
      <h2 className="font-semibold text-lg">{t("zones.mapLabel", { city: locality.name })}</h2>
      <p className="text-ink-soft text-sm" aria-live="polite">
        {drawing ? t("zones.hintDraw") : t("zones.hintEdit")}
      </p>
      <Suspense fallback={<div className="h-[28rem] animate-pulse rounded-2xl bg-surface" />}>
        <ZoneMap
          fitKey={locality.code}
          corners={corners}
          center={locality.center}
          tileUrl={tileUrl}
          label={t("zones.mapLabel", { city: locality.name })}
          cornerLabel={cornerLabel}
          onAdd={add}
          onMove={move}
        />
      </Suspense>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => {
            setDrawing(true);
            setCorners([]);
          }}
          className="rounded-lg border border-line bg-white px-3 py-2"
        >
          {t("zones.draw")}
        </button>
        <button
          type="button"
          disabled={!changed}
          onClick={() => {
            setDrawing(false);
            setCorners(locality.zone);
          }}
          className="rounded-lg border border-line bg-white px-3 py-2 disabled:opacity-50"
        >
          {t("zones.undo")}
        </button>
        <button
          type="button"
          disabled={!changed || busy}
          onClick={save}
          className="rounded-lg bg-accent px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          {t("zones.save")}
        </button>
        {changed ? <span className="text-ink-soft text-sm">{t("zones.unsaved")}</span> : null}
      </div>
      {result && !busy ? (
        <Notice tone={result.saved ? "good" : "bad"}>
          {result.saved ? t("zones.saved") : t(result.error as MessageKey)}
        </Notice>
      ) : null}
      <details className="rounded-2xl bg-white p-3 ring-1 ring-line">
        <summary className="cursor-pointer font-medium">
          {t("zones.corners", { count: corners.length })}
        </summary>
        <ol className="mt-2 grid gap-2">
          {corners.map((corner, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a corner is its place in the ring
            <li key={index} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="w-20 font-medium">{cornerLabel(index + 1)}</span>
              <input
                type="number"
                step="any"
                min={-90}
                max={90}
                aria-label={t("zones.latitude", { number: index + 1 })}
                value={corner.latitude}
                onChange={(event) => move(index, { ...corner, latitude: Number(event.target.value) })}
                className={coordinate}
              />
              <input
                type="number"
                step="any"
                min={-180}
                max={180}
                aria-label={t("zones.longitude", { number: index + 1 })}
                value={corner.longitude}
                onChange={(event) => move(index, { ...corner, longitude: Number(event.target.value) })}
                className={coordinate}
              />
              <button
                type="button"
                onClick={() => setCorners(corners.filter((_, i) => i !== index))}
                className="rounded-lg border border-line px-2 py-1"
              >
                {t("zones.remove", { number: index + 1 })}
              </button>
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}

export default function Zones() {
  const t = useT();
  const { localities, mapTileUrl } = useLoaderData<typeof clientLoader>();
  const [search, setSearch] = useSearchParams();
  const locality = localities.find((one) => one.code === search.get("city")) ?? localities[0];
  return (
    <main className="mx-auto grid max-w-screen-lg gap-4 p-4">
      <PageTitle>{t("zones.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("zones.title")}</h1>
      <CitySelect
        label={t("promo.locality")}
        cities={localities}
        value={locality?.code ?? ""}
        onChange={(code) => setSearch({ city: code })}
      />
      {locality ? <ZoneEditor key={locality.code} locality={locality} tileUrl={mapTileUrl} /> : null}
    </main>
  );
}
