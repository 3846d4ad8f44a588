import type { CitySettings } from "@storefront/domain/contract";
import { useT } from "../../lib/i18n.ts";
import { FIELD_CLASS, LanguageOptions } from "../form-parts.tsx";
import { CitySection } from "./city-section.tsx";

/** The city's own language and its currency. */
export function CityLocaleSection({ settings, refused }: { settings: CitySettings; refused: string | null }) {
  const t = useT();
  return (
    <CitySection id="city-locale" title={t("cities.locale")}>
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
    </CitySection>
  );
}
