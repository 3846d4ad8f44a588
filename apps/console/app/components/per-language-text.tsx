import { LANGUAGE_NAMES, type Locale, SUPPORTED_LOCALES } from "@storefront/domain";
import { useId } from "react";
import { FIELD_CLASS, LanguageOptions } from "./form-parts.tsx";

/** One text written in every language, its inputs named `{name}.{locale}`. */
export interface LanguageText {
  name: string;
  /** The input's label, given the language's own name. */
  label: (language: string) => string;
  values: Partial<Record<Locale, string>>;
  maxLength: number;
  invalid?: boolean;
}

/**
 * Texts written per language: a select of the language, then that language's inputs; the other
 * languages' inputs are hidden but sent with the form. The editor keeps the chosen language, as it
 * may show other things in it. Its parts are laid out by the editor's grid.
 */
export function PerLanguageText({
  label,
  language,
  onLanguageChange,
  texts,
  rows,
  className = "",
}: {
  /** The language select's label ("Title in"). */
  label: string;
  language: Locale;
  onLanguageChange: (language: Locale) => void;
  texts: readonly LanguageText[];
  /** A text area's rows; without them, each text is one line. */
  rows?: number;
  /** The language select's place in the editor's grid. */
  className?: string;
}) {
  const idPrefix = useId();
  return (
    <>
      <label className={`grid content-start gap-1 text-sm ${className}`}>
        {label}
        <select
          value={language}
          onChange={(event) => onLanguageChange(event.target.value as Locale)}
          className={FIELD_CLASS}
        >
          <LanguageOptions />
        </select>
      </label>
      {SUPPORTED_LOCALES.flatMap((code) =>
        texts.map((text) => {
          const input = {
            id: `${idPrefix}${text.name}.${code}`,
            name: `${text.name}.${code}`,
            defaultValue: text.values[code] ?? "",
            maxLength: text.maxLength,
            dir: code === "ar" ? "rtl" : "ltr",
            "aria-invalid": text.invalid || undefined,
            className: FIELD_CLASS,
          };
          return (
            <label
              key={input.id}
              htmlFor={input.id}
              hidden={code !== language}
              className="grid content-start gap-1 text-sm"
              lang={code}
            >
              {text.label(LANGUAGE_NAMES[code])}
              {rows ? <textarea rows={rows} {...input} /> : <input {...input} />}
            </label>
          );
        }),
      )}
    </>
  );
}
