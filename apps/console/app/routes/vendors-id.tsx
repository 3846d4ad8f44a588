import { vendorProfileFormSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { Field, Notice, SubmitButton } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { VendorClosures } from "../components/vendor-closures.tsx";
import { VendorCategories, VendorPictures } from "../components/vendor-profile-parts.tsx";
import { WeeklyHours } from "../components/weekly-hours.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/vendors-id";

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    return await consoleApi(consoleEndpoints.vendor(params.vendorId, params.locale));
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** Saves the whole form; the API's refusal names the field to correct. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const parsed = parseForm(vendorProfileFormSchema, await request.formData());
  if (!parsed.ok)
    return refusedForm({ saved: false, field: parsed.field.split(".")[0] ?? "" }, parsed.errors);
  try {
    await consoleApi(consoleEndpoints.updateVendor(params.vendorId), { body: parsed.input });
    return { saved: true, field: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 400)
      return { saved: false, field: (error.body.details?.[0]?.field ?? "").split(".")[0] ?? "" };
    return signInRedirect(error, params.locale, request);
  }
}

const FIELD_ERRORS: Record<string, MessageKey> = {
  minOrderPrice: "vendor.error.amount",
  deliveryFee: "vendor.error.amount",
  cookingMinutesMin: "vendor.error.cooking",
  cookingMinutesMax: "vendor.error.cooking",
  receiptTypes: "vendor.error.receipt",
  workingHours: "vendor.error.hours",
  closures: "vendor.error.closures",
  categoryIds: "vendor.error.categories",
  phone: "vendor.error.phone",
};

export default function VendorSettings() {
  const t = useT();
  const vendor = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto max-w-screen-md p-4">
      <Link to={`../../menus/${vendor.id}`} relative="path" className="text-accent text-sm underline">
        {t("menus.vendorTitle", { vendor: vendor.name })}
      </Link>
      <PageTitle>{t("vendor.title", { vendor: vendor.name })}</PageTitle>
      <h1 className="mt-1 font-semibold text-2xl">{t("vendor.title", { vendor: vendor.name })}</h1>
      <Form method="post" className="mt-4 grid gap-6">
        <section
          className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-2"
          aria-labelledby="profile"
        >
          <h2 id="profile" className="font-semibold text-lg sm:col-span-2">
            {t("vendor.profile")}
          </h2>
          <Field name="name" label={t("vendor.name")} defaultValue={vendor.name} required maxLength={120} />
          <Field name="city" label={t("vendor.city")} defaultValue={vendor.city} required maxLength={120} />
          <Field
            name="street"
            label={t("vendor.street")}
            defaultValue={vendor.street}
            required
            maxLength={120}
          />
          <Field
            name="houseNumber"
            label={t("vendor.houseNumber")}
            defaultValue={vendor.houseNumber}
            required
            maxLength={20}
          />
          <Field
            name="phone"
            label={t("vendor.phone")}
            type="tel"
            dir="ltr"
            defaultValue={vendor.phone ?? ""}
            maxLength={40}
            hint={t("vendor.phoneHint")}
            refused={result?.field ?? null}
          />
          <div className="grid gap-0.5 text-sm sm:col-span-2">
            <label className="flex items-center gap-2 font-medium">
              <input
                type="checkbox"
                name="visible"
                defaultChecked={vendor.visible}
                aria-describedby="visible-hint"
                className="size-4"
              />
              {t("vendor.visible")}
            </label>
            <p id="visible-hint" className="ps-6 text-ink-soft">
              {t("vendor.visibleHint")}
            </p>
          </div>
        </section>
        <VendorPictures vendor={vendor} />
        <VendorCategories vendor={vendor} invalid={result?.field === "categoryIds"} />
        <section
          className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-2"
          aria-labelledby="orders"
        >
          <h2 id="orders" className="font-semibold text-lg sm:col-span-2">
            {t("vendor.ordering")}
          </h2>
          <Field
            name="cookingMinutesMin"
            label={t("vendor.cookingMin")}
            type="number"
            min={1}
            max={240}
            defaultValue={vendor.cookingMinutesMin}
            required
          />
          <Field
            name="cookingMinutesMax"
            label={t("vendor.cookingMax")}
            type="number"
            min={1}
            max={240}
            defaultValue={vendor.cookingMinutesMax}
            required
          />
          <Field
            name="minOrderPrice"
            label={t("vendor.minOrder", { currency: vendor.currencyCode })}
            type="number"
            step="any"
            min={0}
            defaultValue={vendor.minOrderPrice}
            required
          />
          <Field
            name="deliveryFee"
            label={t("vendor.deliveryFee", { currency: vendor.currencyCode })}
            type="number"
            step="any"
            min={0}
            defaultValue={vendor.deliveryFee}
            required
          />
          <fieldset className="flex flex-wrap gap-4 sm:col-span-2">
            <legend className="font-medium text-sm">{t("vendor.receiptTypes")}</legend>
            {(["DELIVERY", "TAKEAWAY"] as const).map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="receiptTypes"
                  value={type}
                  defaultChecked={vendor.receiptTypes.includes(type)}
                  className="size-4"
                />
                {t(`receipt.${type}`)}
              </label>
            ))}
          </fieldset>
        </section>
        <WeeklyHours initial={vendor.workingHours} />
        <VendorClosures initial={vendor.closures} />
        {result ? (
          <Notice tone={result.saved ? "good" : "bad"}>
            {result.saved ? t("menus.saved") : t(FIELD_ERRORS[result.field ?? ""] ?? "vendor.error.invalid")}
          </Notice>
        ) : null}
        <SubmitButton busy={busy} wide={false}>
          {t("menus.save")}
        </SubmitButton>
      </Form>
    </main>
  );
}
