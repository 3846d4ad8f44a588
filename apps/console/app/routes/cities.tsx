import { citySettingsFormSchema, newCityFormSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { Link, redirect, useLoaderData, useSearchParams } from "react-router";
import { AddCity } from "../components/city-settings/add-city.tsx";
import { CitySettingsForm } from "../components/city-settings/city-settings-form.tsx";
import { CitySelect } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/cities";

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    const { localities } = await consoleApi(consoleEndpoints.localities());
    const chosen = new URL(request.url).searchParams.get("city");
    const city = localities.find((one) => one.code === chosen) ?? localities[0];
    const settings = city ? await consoleApi(consoleEndpoints.citySettings(city.code)) : null;
    return { cities: localities.map(({ code, name }) => ({ code, name })), settings };
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** Saves the whole form; the API's refusal names the field (and why) to correct. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "add-city") return addCity(form, params.locale);
  const parsed = parseForm(citySettingsFormSchema, form);
  if (!parsed.ok) return refusedForm({ saved: false, field: parsed.field, refusal: null }, parsed.errors);
  const { code, settings } = parsed.input;
  try {
    await consoleApi(consoleEndpoints.saveCitySettings(code), { body: settings });
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
  const parsed = parseForm(newCityFormSchema, form);
  if (!parsed.ok) return refusedForm({ saved: false, field: parsed.field, refusal: null }, parsed.errors);
  try {
    const made = await consoleApi(consoleEndpoints.addLocality(), { body: parsed.input });
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

/** The partner's cities: each one's ordering settings, and a way to its delivery zone. */
export default function Cities() {
  const t = useT();
  const locale = useLocale();
  const { cities, settings } = useLoaderData<typeof clientLoader>();
  const [, setSearch] = useSearchParams();
  return (
    <main className="mx-auto grid max-w-screen-md gap-4 p-4">
      <PageTitle>{t("cities.title")}</PageTitle>
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
