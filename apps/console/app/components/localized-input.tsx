import { LANGUAGE_NAMES, type Locale, type LocalizedText, SUPPORTED_LOCALES } from "@storefront/domain";
import { useT } from "../lib/i18n.ts";
import { FIELD_CLASS } from "./form-parts.tsx";

/**
 * A name or description in several languages: the vendor's own language always shown and required
 * (the storefront falls back to it), the others folded under "Other languages" with how many are
 * filled. `invalid` names the language the API refused, which is then shown and marked.
 */
export function LocalizedInput({
  id,
  label,
  lang,
  value,
  onChange,
  maxLength,
  multiline = false,
  invalid = null,
}: {
  id: string;
  label: string;
  lang: Locale;
  value: LocalizedText;
  onChange: (value: LocalizedText) => void;
  maxLength: number;
  multiline?: boolean;
  invalid?: Locale | null;
}) {
  const t = useT();
  const others = SUPPORTED_LOCALES.filter((locale) => locale !== lang);
  const filled = others.filter((locale) => value[locale]?.trim()).length;
  const field = (locale: Locale, required: boolean) => {
    const props = {
      id: `${id}.${locale}`,
      lang: locale,
      dir: "auto" as const,
      value: value[locale] ?? "",
      maxLength,
      required,
      "aria-invalid": invalid === locale || undefined,
      className: FIELD_CLASS,
      onChange: (event: { target: { value: string } }) =>
        onChange({ ...value, [locale]: event.target.value }),
    };
    return (
      <div key={locale} className="grid gap-1">
        <label htmlFor={props.id} className="text-sm">
          {required ? `${label} (${LANGUAGE_NAMES[locale]})` : LANGUAGE_NAMES[locale]}
        </label>
        {multiline ? <textarea rows={3} {...props} /> : <input {...props} />}
      </div>
    );
  };
  return (
    <div className="grid gap-2">
      {field(lang, true)}
      <details open={invalid !== null && invalid !== lang} className="rounded-lg bg-surface px-3 py-2">
        <summary className="cursor-pointer text-sm">
          {t("menuEditor.otherLanguages", { label, count: filled })}
        </summary>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">{others.map((locale) => field(locale, false))}</div>
      </details>
    </div>
  );
}
