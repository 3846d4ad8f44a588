import { LANGUAGE_NAMES, SUPPORTED_LOCALES } from "@storefront/domain";
import type { InputHTMLAttributes, ReactNode } from "react";

/** An editor's input or select, outlined red while the API refuses it. */
export const FIELD_CLASS =
  "w-full rounded-lg border border-line bg-white px-3 py-2 tabular-nums aria-[invalid]:border-red-700";

type FieldProps = {
  name: string;
  label: string;
  /** The field the API refused, if any. */
  refused?: string | null;
  hint?: string;
  plainLabel?: boolean;
} & InputHTMLAttributes<HTMLInputElement>;

/**
 * A labelled input whose id and name are the API's name for the field, outlined red while the API
 * refuses that field, with a hint below it if one is given. Every other prop is the input's own.
 * `plainLabel` sets the label in the text's weight rather than medium, as in the dense editors.
 */
export function Field({
  name,
  label,
  refused = null,
  hint,
  plainLabel = false,
  id = name,
  ...input
}: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className={plainLabel ? "text-sm" : "font-medium text-sm"}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={refused === name || undefined}
        aria-describedby={hintId}
        className={`${FIELD_CLASS} disabled:opacity-50`}
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

/**
 * A field of an amount, a distance or a count: a number never below zero, typed on a decimal keypad,
 * plainly labelled as in the editors of prices and settings that have them.
 */
export function NumberField(props: FieldProps) {
  return <Field type="number" inputMode="decimal" min="0" step="any" plainLabel {...props} />;
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
