import { LANGUAGE_NAMES, type Locale, SUPPORTED_LOCALES } from "@storefront/domain";
import type { InputHTMLAttributes, ReactNode } from "react";

/** An editor's input or select, outlined red while the API refuses it. */
export const FIELD_CLASS =
  "w-full rounded-lg border border-line bg-white px-3 py-2 tabular-nums aria-[invalid]:border-red-700";

/** A labelled text input of the signed-out screens and the console's forms. */
export function TextField({
  id,
  label,
  className = "",
  ...input
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={`grid gap-1 ${className}`}>
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <input
        id={id}
        name={id}
        {...input}
        className="w-full rounded-lg border border-line bg-white px-3 py-2"
      />
    </div>
  );
}

/** The form's main button, greyed while its answer is on the way. */
export function SubmitButton({
  busy,
  children,
  wide = true,
}: {
  busy: boolean;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`${wide ? "w-full" : "justify-self-start"} rounded-lg bg-accent px-4 py-2.5 font-semibold text-white disabled:opacity-60`}
    >
      {children}
    </button>
  );
}

/** A result under a form: good news as a status, a refusal as an alert. */
export function Notice({ tone, children }: { tone: "good" | "bad"; children: ReactNode }) {
  return (
    <p
      role={tone === "good" ? "status" : "alert"}
      className={`rounded-lg p-3 text-sm ${tone === "good" ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-800"}`}
    >
      {children}
    </p>
  );
}

/** A labelled number input whose id is the API's name for the field. */
export function NumberField({
  id,
  label,
  value,
  onChange,
  invalid,
  step = "0.01",
  required = false,
  disabled = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: string | null;
  step?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min="0"
        step={step}
        required={required}
        disabled={disabled}
        value={value}
        aria-invalid={invalid === id || undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${FIELD_CLASS} disabled:opacity-50`}
      />
    </div>
  );
}

/** The city a screen shows, chosen among the partner's; `allLabel` adds a choice of every city (""). */
export function CitySelect({
  label,
  cities,
  value,
  onChange,
  allLabel,
  className = "max-w-xs",
}: {
  label: string;
  cities: ReadonlyArray<{ code: string; name: string }>;
  value: string;
  onChange: (code: string) => void;
  allLabel?: string;
  className?: string;
}) {
  return (
    <label className={`grid gap-1 text-sm ${className}`}>
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-lg border border-line bg-white px-3 py-2"
      >
        {allLabel === undefined ? null : <option value="">{allLabel}</option>}
        {cities.map((city) => (
          <option key={city.code} value={city.code}>
            {city.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A select's options: the eleven languages, each in its own words. */
export function LanguageOptions() {
  return SUPPORTED_LOCALES.map((code) => (
    <option key={code} value={code} lang={code}>
      {LANGUAGE_NAMES[code]}
    </option>
  ));
}

/**
 * A text per language, one language's input shown at a time (the others hidden but sent), each
 * named `{name}.{locale}`.
 */
export function PerLanguageInputs({
  name,
  language,
  label,
  values,
  maxLength,
  invalid,
}: {
  name: string;
  language: Locale;
  label: (language: string) => string;
  values: Partial<Record<Locale, string>>;
  maxLength: number;
  invalid: boolean;
}) {
  return SUPPORTED_LOCALES.map((code) => (
    <label key={code} hidden={code !== language} className="grid content-start gap-1 text-sm" lang={code}>
      {label(LANGUAGE_NAMES[code])}
      <input
        name={`${name}.${code}`}
        defaultValue={values[code] ?? ""}
        maxLength={maxLength}
        dir={code === "ar" ? "rtl" : "ltr"}
        aria-invalid={invalid || undefined}
        className={FIELD_CLASS}
      />
    </label>
  ));
}
