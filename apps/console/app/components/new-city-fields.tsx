import { NEW_CITY_RADIUS_KM } from "@storefront/domain";
import type { InputHTMLAttributes } from "react";
import { useT } from "../lib/i18n.ts";
import { FIELD_CLASS, LanguageOptions } from "./form-parts.tsx";

/** A labelled input named as the API names its field, red while the API refuses it, with a hint. */
export function Field({
  name,
  label,
  refused,
  hint,
  ...input
}: {
  name: string;
  label: string;
  refused: string | null;
  hint?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={name} className="text-sm">
        {label}
      </label>
      <input
        id={name}
        name={name}
        aria-invalid={refused === name || undefined}
        aria-describedby={hintId}
        className={FIELD_CLASS}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-ink-soft text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A new city's fields, named `city.*`: its name, code, language, time zone, currency, country, centre, radius. */
export function NewCityFields({ refused }: { refused: string | null }) {
  const t = useT();
  return (
    <>
      <Field name="city.name" label={t("admin.cityName")} refused={refused} required maxLength={80} />
      <Field
        name="city.code"
        label={t("admin.cityCode")}
        refused={refused}
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
        name="city.timeZone"
        label={t("admin.timeZone")}
        refused={refused}
        required
        dir="ltr"
        placeholder="Europe/Riga"
      />
      <Field
        name="city.currencyCode"
        label={t("cities.currency")}
        refused={refused}
        required
        dir="ltr"
        maxLength={3}
        placeholder="EUR"
      />
      <Field
        name="city.countryCode"
        label={t("admin.country")}
        refused={refused}
        required
        dir="ltr"
        maxLength={2}
        placeholder="LV"
      />
      <Field
        name="city.latitude"
        label={t("admin.latitude")}
        refused={refused}
        type="number"
        step="any"
        min={-90}
        max={90}
        required
      />
      <Field
        name="city.longitude"
        label={t("admin.longitude")}
        refused={refused}
        type="number"
        step="any"
        min={-180}
        max={180}
        required
      />
      <Field
        name="city.radiusKm"
        label={t("admin.radius")}
        refused={refused}
        type="number"
        min={NEW_CITY_RADIUS_KM.min}
        max={NEW_CITY_RADIUS_KM.max}
        defaultValue={NEW_CITY_RADIUS_KM.default}
        hint={t("admin.radiusHint")}
      />
    </>
  );
}

/** The new city a form's `city.*` fields describe, as the API takes it (newCitySchema). */
export function newCityOf(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const number = (name: string) => (text(name) === "" ? Number.NaN : Number(text(name)));
  return {
    code: text("city.code"),
    name: text("city.name"),
    lang: text("city.lang"),
    currencyCode: text("city.currencyCode"),
    countryCode: text("city.countryCode"),
    timeZone: text("city.timeZone"),
    center: { latitude: number("city.latitude"), longitude: number("city.longitude") },
    radiusKm: number("city.radiusKm"),
  };
}
