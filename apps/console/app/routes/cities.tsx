import { COURIER_KMH, MAX_PREORDER_DAYS, MAX_TIP_VALUES, SUPPORTED_LOCALES } from "@storefront/domain";
import type { CitySettings, ConsoleLocality } from "@storefront/domain/contract";
import { useState } from "react";
import {
  Form,
  Link,
  redirect,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "react-router";
import {
  CitySelect,
  FIELD_CLASS,
  LanguageOptions,
  Notice,
  NumberField,
  SubmitButton,
} from "../components/form-parts.tsx";
import { NewCityFields, newCityOf } from "../components/new-city-fields.tsx";
import { PerLanguageText } from "../components/per-language-text.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { type MessageKey, useLocale, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/cities";

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    const { localities } = await consoleApi<{ localities: ConsoleLocality[] }>("/localities");
    const chosen = new URL(request.url).searchParams.get("city");
    const city = localities.find((one) => one.code === chosen) ?? localities[0];
    const settings = city
      ? await consoleApi<CitySettings>(`/localities/${encodeURIComponent(city.code)}/settings`)
      : null;
    return { cities: localities.map(({ code, name }) => ({ code, name })), settings };
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** A number typed in the form; an empty optional one is null (no limit, never). */
function numberOf(form: FormData, name: string): number {
  return Number(String(form.get(name) ?? "").trim() || "0");
}
function optionalNumberOf(form: FormData, name: string): number | null {
  const text = String(form.get(name) ?? "").trim();
  return text === "" ? null : Number(text);
}
/** A text per language from the inputs `{prefix}.{locale}`. */
function textsOf(form: FormData, prefix: string): Record<string, string> {
  return Object.fromEntries(
    SUPPORTED_LOCALES.map((locale) => [locale, String(form.get(`${prefix}.${locale}`) ?? "")]),
  );
}

/** Saves the whole form; the API's refusal names the field (and why) to correct. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "add-city") return addCity(form, params.locale);
  const code = String(form.get("code") ?? "");
  const checked = (name: string) => form.getAll(name).map(String);
  try {
    await consoleApi(`/localities/${encodeURIComponent(code)}/settings`, {
      method: "PUT",
      body: {
        lang: String(form.get("lang") ?? ""),
        currencyCode: String(form.get("currencyCode") ?? ""),
        minOrderPrice: numberOf(form, "minOrderPrice"),
        delivery: {
          includedKm: numberOf(form, "delivery.includedKm"),
          perKm: numberOf(form, "delivery.perKm"),
          step: numberOf(form, "delivery.step"),
        },
        freeDeliveryFrom: optionalNumberOf(form, "freeDeliveryFrom"),
        courierKmh: numberOf(form, "courierKmh"),
        maxCashOrder: optionalNumberOf(form, "maxCashOrder"),
        preorderDays: numberOf(form, "preorderDays"),
        receiptTypes: checked("receiptTypes"),
        paymentTypes: checked("paymentTypes"),
        showStoredCards: form.get("showStoredCards") === "on",
        tips: {
          enabled: form.get("tips.enabled") === "on",
          max: numberOf(form, "tips.max"),
          step: numberOf(form, "tips.step"),
          values: checked("tips.values")
            .filter((value) => value.trim() !== "")
            .map(Number),
        },
        referral: {
          enabled: form.get("referral.enabled") === "on",
          discountDescription: textsOf(form, "referral.discount"),
          bonusDescription: textsOf(form, "referral.bonus"),
        },
      },
    });
    return { saved: true, field: null, refusal: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 400) {
      const field = String(error.body.details?.[0]?.field ?? "");
      return {
        saved: false,
        field,
        refusal: typeof error.body.errorCode === "string" ? error.body.errorCode : null,
      };
    }
    return signInRedirect(error, params.locale, request);
  }
}

/** Adds a city and opens its settings; a refusal names the field of the form (`city.*`). */
async function addCity(form: FormData, locale: string) {
  try {
    const made = await consoleApi<ConsoleLocality>("/localities", { method: "POST", body: newCityOf(form) });
    return redirect(`/${locale}/cities?city=${encodeURIComponent(made.code)}`);
  } catch (error) {
    if (error instanceof ConsoleApiError && (error.status === 400 || error.status === 409))
      return {
        saved: false,
        field: `city.${String(error.body.details?.[0]?.field ?? "").replace(/^center\./, "")}`,
        refusal: error.status === 409 ? "CITY_EXISTS" : null,
      };
    throw error;
  }
}

/** A new city: its name, code, language, time zone, currency, country, centre and first zone's radius. */
function AddCity() {
  const t = useT();
  const fetcher = useFetcher<typeof clientAction>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const refused = result && !result.saved ? result.field : null;
  return (
    <details className="rounded-2xl bg-white p-4 ring-1 ring-line">
      <summary className="cursor-pointer font-semibold">{t("cities.add")}</summary>
      <fetcher.Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="add-city" />
        <NewCityFields refused={refused} />
        {refused ? (
          <div className="sm:col-span-2">
            <Notice tone="bad">
              {t(result?.refusal === "CITY_EXISTS" ? "cities.error.exists" : "cities.error.invalid")}
            </Notice>
          </div>
        ) : null}
        <SubmitButton busy={fetcher.state !== "idle"} wide={false}>
          {t("cities.addSubmit")}
        </SubmitButton>
      </fetcher.Form>
    </details>
  );
}

/** What the refusal tells the manager: by why it was refused, else by the field. */
function refusalMessage(field: string, refusal: string | null): MessageKey {
  if (refusal === "UNKNOWN_CURRENCY") return "cities.error.currency";
  if (refusal === "NOT_WHOLE_MINOR_UNITS") return "cities.error.amount";
  if (refusal === "ZERO_STEP") return "cities.error.zeroStep";
  if (refusal === "TIP_OVER_MAX") return "cities.error.tipOverMax";
  if (refusal === "TIP_OFF_STEP") return "cities.error.tipOffStep";
  if (refusal === "TIPS_REPEATED") return "cities.error.tipRepeated";
  if (field === "receiptTypes") return "vendor.error.receipt";
  if (field === "paymentTypes") return "cities.error.payment";
  if (field === "preorderDays") return "cities.error.preorder";
  return "cities.error.invalid";
}

/** A ready-made tip's input: as wide as an amount needs. */
const TIP_CLASS = FIELD_CLASS.replace("w-full", "w-28");
const SECTION = "grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-2";

/** A group of checkboxes of one name: the kinds a city offers. */
function Choices<T extends string>({
  name,
  legend,
  options,
  chosen,
  label,
  refused,
}: {
  name: string;
  legend: string;
  options: readonly T[];
  chosen: readonly T[];
  label: (option: T) => string;
  refused: string | null;
}) {
  return (
    <fieldset className="flex flex-wrap gap-4" aria-invalid={refused === name || undefined}>
      <legend className="mb-1 font-medium text-sm">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={name}
            value={option}
            defaultChecked={chosen.includes(option)}
            className="size-4"
          />
          {label(option)}
        </label>
      ))}
    </fieldset>
  );
}

/** The referral programme's two texts, one language shown at a time; every language is sent. */
function ReferralTexts({ settings }: { settings: CitySettings }) {
  const t = useT();
  const [language, setLanguage] = useState(settings.lang);
  return (
    <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <PerLanguageText
        label={t("cities.textsLanguage")}
        language={language}
        onLanguageChange={setLanguage}
        rows={2}
        className="max-w-xs sm:col-span-2"
        texts={(["discount", "bonus"] as const).map((kind) => ({
          name: `referral.${kind}`,
          label: (languageName) => t(`cities.referral.${kind}`, { language: languageName }),
          values: settings.referral[`${kind}Description`],
          maxLength: 300,
        }))}
      />
      <p className="text-ink-soft text-xs sm:col-span-2">{t("cities.referral.hint")}</p>
    </div>
  );
}

/** One city's ordering settings: language and currency, orders, delivery price, tips, referral. */
function CitySettingsForm({ settings }: { settings: CitySettings }) {
  const t = useT();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  const refused = result && !result.saved ? result.field : null;
  const money = (key: MessageKey) => t(key, { currency: settings.currencyCode });
  const tipSlots = Array.from({ length: MAX_TIP_VALUES }, (_, index) => settings.tips.values[index] ?? null);
  return (
    <Form method="post" className="grid gap-6">
      <input type="hidden" name="code" value={settings.code} />
      <section className={SECTION} aria-labelledby="city-locale">
        <h2 id="city-locale" className="font-semibold text-lg sm:col-span-2">
          {t("cities.locale")}
        </h2>
        <label className="grid content-start gap-1 text-sm">
          {t("cities.lang")}
          <select name="lang" defaultValue={settings.lang} className={FIELD_CLASS}>
            <LanguageOptions />
          </select>
        </label>
        <div className="grid content-start gap-1">
          <label htmlFor="currencyCode" className="text-sm">
            {t("cities.currency")}
          </label>
          <input
            id="currencyCode"
            name="currencyCode"
            defaultValue={settings.currencyCode}
            required
            maxLength={3}
            pattern="[A-Za-z]{3}"
            dir="ltr"
            aria-invalid={refused === "currencyCode" || undefined}
            aria-describedby="currency-hint"
            className={`${FIELD_CLASS} uppercase`}
          />
          <p id="currency-hint" className="text-ink-soft text-xs">
            {t("cities.currencyHint")}
          </p>
        </div>
      </section>

      <section className={SECTION} aria-labelledby="city-orders">
        <h2 id="city-orders" className="font-semibold text-lg sm:col-span-2">
          {t("cities.orders")}
        </h2>
        <NumberField
          name="minOrderPrice"
          label={money("cities.minOrderPrice")}
          defaultValue={settings.minOrderPrice}
          refused={refused}
        />
        <NumberField
          name="maxCashOrder"
          label={money("cities.maxCashOrder")}
          defaultValue={settings.maxCashOrder ?? ""}
          refused={refused}
          hint={t("cities.emptyNoLimit")}
        />
        <NumberField
          name="preorderDays"
          label={t("cities.preorderDays")}
          defaultValue={settings.preorderDays}
          refused={refused}
          step="1"
          hint={t("cities.preorderHint", { max: MAX_PREORDER_DAYS })}
        />
        <div className="grid content-start gap-4">
          <Choices
            name="receiptTypes"
            legend={t("vendor.receiptTypes")}
            options={["DELIVERY", "TAKEAWAY"] as const}
            chosen={settings.receiptTypes}
            label={(type) => t(`receipt.${type}`)}
            refused={refused}
          />
          <Choices
            name="paymentTypes"
            legend={t("cities.paymentTypes")}
            options={["CASH", "ONLINE"] as const}
            chosen={settings.paymentTypes}
            label={(type) => t(`payment.${type}`)}
            refused={refused}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="showStoredCards"
              defaultChecked={settings.showStoredCards}
              className="size-4"
            />
            {t("cities.showStoredCards")}
          </label>
        </div>
      </section>

      <section className={SECTION} aria-labelledby="city-delivery">
        <h2 id="city-delivery" className="font-semibold text-lg sm:col-span-2">
          {t("cities.deliveryPrice")}
        </h2>
        <p className="text-ink-soft text-sm sm:col-span-2">{t("cities.deliveryHint")}</p>
        <NumberField
          name="delivery.includedKm"
          label={t("cities.includedKm")}
          defaultValue={settings.delivery.includedKm}
          refused={refused}
        />
        <NumberField
          name="delivery.perKm"
          label={money("cities.perKm")}
          defaultValue={settings.delivery.perKm}
          refused={refused}
        />
        <NumberField
          name="delivery.step"
          label={money("cities.step")}
          defaultValue={settings.delivery.step}
          refused={refused}
        />
        <NumberField
          name="freeDeliveryFrom"
          label={money("cities.freeDeliveryFrom")}
          defaultValue={settings.freeDeliveryFrom ?? ""}
          refused={refused}
          hint={t("cities.emptyNever")}
        />
        <NumberField
          name="courierKmh"
          label={t("cities.courierKmh")}
          defaultValue={settings.courierKmh}
          refused={refused}
          hint={t("cities.courierKmhHint", { min: COURIER_KMH.min, max: COURIER_KMH.max })}
        />
      </section>

      <section className={SECTION} aria-labelledby="city-tips">
        <h2 id="city-tips" className="font-semibold text-lg sm:col-span-2">
          {t("cities.tips")}
        </h2>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            name="tips.enabled"
            defaultChecked={settings.tips.enabled}
            className="size-4"
          />
          {t("cities.tipsEnabled")}
        </label>
        <NumberField
          name="tips.max"
          label={money("cities.tipMax")}
          defaultValue={settings.tips.max}
          refused={refused}
        />
        <NumberField
          name="tips.step"
          label={money("cities.tipStep")}
          defaultValue={settings.tips.step}
          refused={refused}
        />
        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="mb-1 font-medium text-sm">{money("cities.tipValues")}</legend>
          <div className="flex flex-wrap gap-2">
            {tipSlots.map((value, index) => (
              <input
                // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its place in the list
                key={index}
                name="tips.values"
                type="number"
                inputMode="decimal"
                min="0"
                step="any"
                defaultValue={value ?? ""}
                aria-label={t("cities.tipValue", { number: index + 1 })}
                aria-invalid={refused === `tips.values.${index}` || undefined}
                className={TIP_CLASS}
              />
            ))}
          </div>
        </fieldset>
      </section>

      <section className={SECTION} aria-labelledby="city-referral">
        <h2 id="city-referral" className="font-semibold text-lg sm:col-span-2">
          {t("cities.referral")}
        </h2>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            name="referral.enabled"
            defaultChecked={settings.referral.enabled}
            className="size-4"
          />
          {t("cities.referralEnabled")}
        </label>
        <ReferralTexts settings={settings} />
      </section>

      {result ? (
        <Notice tone={result.saved ? "good" : "bad"}>
          {result.saved
            ? t("cities.saved")
            : t(refusalMessage(result.field ?? "", result.refusal), { max: MAX_PREORDER_DAYS })}
        </Notice>
      ) : null}
      <SubmitButton busy={busy} wide={false}>
        {t("menus.save")}
      </SubmitButton>
    </Form>
  );
}

/** The partner's cities: each one's ordering settings, and a way to its delivery zone. */
export default function Cities() {
  const t = useT();
  const locale = useLocale();
  const { cities, settings } = useLoaderData<typeof clientLoader>();
  const [, setSearch] = useSearchParams();
  return (
    <main className="mx-auto grid max-w-screen-md gap-4 p-4">
      <h1 className="font-semibold text-2xl">{t("cities.title")}</h1>
      <p className="text-ink-soft">{t("cities.intro")}</p>
      <div className="flex flex-wrap items-end gap-4">
        <CitySelect
          label={t("promo.locality")}
          cities={cities}
          value={settings?.code ?? ""}
          onChange={(code) => setSearch({ city: code })}
        />
        {settings ? (
          <>
            <Link
              to={`/${locale}/zones?city=${encodeURIComponent(settings.code)}`}
              className="text-accent underline"
            >
              {t("zones.mapLabel", { city: settings.name })}
            </Link>
            <Link
              to={`/${locale}/categories?city=${encodeURIComponent(settings.code)}`}
              className="text-accent underline"
            >
              {t("categories.of", { city: settings.name })}
            </Link>
          </>
        ) : null}
      </div>
      {settings ? <CitySettingsForm key={settings.code} settings={settings} /> : null}
      <AddCity />
    </main>
  );
}
