import { NEW_CITY_RADIUS_KM } from "@storefront/domain";
import { useT } from "../lib/i18n.ts";
import { FIELD_CLASS, Field, LanguageOptions } from "./form-parts.tsx";

/** A new city's fields, named `city.*`: its name, code, language, time zone, currency, country, centre, radius. */
export function NewCityFields({ refused }: { refused: string | null }) {
  const t = useT();
  const field = { refused, plainLabel: true };
  return (
    <>
      <Field {...field} name="city.name" label={t("admin.cityName")} required maxLength={80} />
      <Field
        {...field}
        name="city.code"
        label={t("admin.cityCode")}
        required
        dir="ltr"
        pattern="[a-z0-9\-]{2,40}"
        hint={t("admin.cityCodeHint")}
      />
      <label className="grid content-start gap-1 text-sm">
        {t("cities.lang")}
        <select name="city.lang" defaultValue="en" className={FIELD_CLASS}>
          <LanguageOptions />
        </select>
      </label>
      <Field
        {...field}
        name="city.timeZone"
        label={t("admin.timeZone")}
        required
        dir="ltr"
        placeholder="Europe/Riga"
      />
      <Field
        {...field}
        name="city.currencyCode"
        label={t("cities.currency")}
        required
        dir="ltr"
        maxLength={3}
        placeholder="EUR"
      />
      <Field
        {...field}
        name="city.countryCode"
        label={t("admin.country")}
        required
        dir="ltr"
        maxLength={2}
        placeholder="LV"
      />
      <Field
        {...field}
        name="city.latitude"
        label={t("admin.latitude")}
        type="number"
        step="any"
        min={-90}
        max={90}
        required
      />
      <Field
        {...field}
        name="city.longitude"
        label={t("admin.longitude")}
        type="number"
        step="any"
        min={-180}
        max={180}
        required
      />
      <Field
        {...field}
        name="city.radiusKm"
        label={t("admin.radius")}
        type="number"
        min={NEW_CITY_RADIUS_KM.min}
        max={NEW_CITY_RADIUS_KM.max}
        defaultValue={NEW_CITY_RADIUS_KM.default}
        hint={t("admin.radiusHint")}
      />
    </>
  );
}
