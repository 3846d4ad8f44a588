import type { CitySettings } from "@storefront/domain/contract";
import { useState } from "react";
import { useT } from "../../lib/i18n.ts";
import { PerLanguageText } from "../per-language-text.tsx";
import { CitySection } from "./city-section.tsx";

/** The referral programme: on or off, and its two texts in every language. */
export function CityReferralSection({ settings }: { settings: CitySettings }) {
  const t = useT();
  return (
    <CitySection id="city-referral" title={t("cities.referral")}>
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
    </CitySection>
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
