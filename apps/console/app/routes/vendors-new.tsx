import type { Point } from "@storefront/domain";
import { newVendorFormSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { lazy, Suspense, useState } from "react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { CitySelect, Field, Notice, SubmitButton } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/vendors-new";

/** Leaflet comes with this screen only, and only in the browser. */
const PointPicker = lazy(() => import("../components/point-picker.tsx"));

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    return await consoleApi(consoleEndpoints.localities());
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

const FIELD_ERRORS: Record<string, MessageKey> = {
  name: "vendorNew.error.name",
  street: "vendorNew.error.address",
  houseNumber: "vendorNew.error.address",
  latitude: "vendorNew.error.point",
  longitude: "vendorNew.error.point",
};

/** The vendor added; its settings open next, where its staff set it up and list it. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const parsed = parseForm(newVendorFormSchema, await request.formData());
  if (!parsed.ok)
    return refusedForm(
      { refused: FIELD_ERRORS[parsed.field] ?? ("vendorNew.error.other" as MessageKey) },
      parsed.errors,
    );
  const { latitude, ...vendor } = parsed.input;
  if (latitude === null) return { refused: "vendorNew.noPoint" as MessageKey };
  try {
    const made = await consoleApi(consoleEndpoints.addVendor(params.locale), {
      body: {
        name: vendor.name,
        vendorType: vendor.vendorType,
        localityCode: vendor.localityCode,
        street: vendor.street,
        houseNumber: vendor.houseNumber,
        latitude,
        longitude: vendor.longitude,
      },
    });
    return redirect(`/${params.locale}/vendors/${made.id}`);
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 400) {
      const field = String(error.body.details?.[0]?.field ?? "");
      return { refused: FIELD_ERRORS[field] ?? ("vendorNew.error.other" as MessageKey) };
    }
    return signInRedirect(error, params.locale, request);
  }
}

export default function NewVendor() {
  const t = useT();
  const { localities, mapTileUrl } = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  const [cityCode, setCityCode] = useState(localities[0]?.code ?? "");
  const [point, setPoint] = useState<Point | null>(null);
  const city = localities.find((one) => one.code === cityCode);
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return (
    <main className="mx-auto grid max-w-screen-md gap-4 p-4">
      <Link to="../../menus" relative="path" className="text-accent text-sm underline">
        {t("menus.title")}
      </Link>
      <PageTitle>{t("vendorNew.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("vendorNew.title")}</h1>
      <p className="text-ink-soft text-sm">{t("vendorNew.intro")}</p>
      <Form method="post" className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-2">
        <Field name="name" label={t("vendor.name")} required maxLength={120} />
        <div className="grid gap-1">
          <label htmlFor="vendorType" className="font-medium text-sm">
            {t("vendorNew.type")}
          </label>
          <select
            id="vendorType"
            name="vendorType"
            className="w-full rounded-lg border border-line bg-white px-3 py-2"
          >
            <option value="RESTAURANT">{t("vendorNew.type.RESTAURANT")}</option>
            <option value="STORE">{t("vendorNew.type.STORE")}</option>
          </select>
        </div>
        <CitySelect
          label={t("vendor.city")}
          cities={localities}
          value={cityCode}
          onChange={(code) => {
            setCityCode(code);
            setPoint(null);
          }}
        />
        <input type="hidden" name="localityCode" value={cityCode} />
        <div />
        <Field name="street" label={t("vendor.street")} required maxLength={120} />
        <Field name="houseNumber" label={t("vendor.houseNumber")} required maxLength={20} />
        <div className="grid gap-2 sm:col-span-2">
          <p className="font-medium text-sm">{t("vendorNew.point")}</p>
          {city ? (
            <Suspense fallback={<div className="h-[28rem] animate-pulse rounded-2xl bg-surface" />}>
              <PointPicker
                key={city.code}
                center={city.center}
                zone={city.zone}
                tileUrl={mapTileUrl}
                label={t("vendorNew.mapLabel", { city: city.name })}
                pinLabel={t("vendorNew.pin")}
                point={point}
                onPick={setPoint}
              />
            </Suspense>
          ) : null}
          <p role="status" className="text-ink-soft text-sm">
            {point
              ? t("vendorNew.pointChosen", {
                  latitude: round(point.latitude),
                  longitude: round(point.longitude),
                })
              : t("vendorNew.noPoint")}
          </p>
          <input type="hidden" name="latitude" value={point ? round(point.latitude) : ""} />
          <input type="hidden" name="longitude" value={point ? round(point.longitude) : ""} />
        </div>
        {result?.refused && !(result.refused === "vendorNew.noPoint" && point) ? (
          <div className="sm:col-span-2">
            <Notice tone="bad">{t(result.refused)}</Notice>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <SubmitButton busy={busy} wide={false}>
            {t("vendorNew.create")}
          </SubmitButton>
        </div>
      </Form>
    </main>
  );
}
