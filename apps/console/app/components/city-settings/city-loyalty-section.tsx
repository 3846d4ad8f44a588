import { currencySymbol, LOYALTY_EXPIRY_MONTHS_MAX, numberFormat } from "@storefront/domain";
import type { CitySettings } from "@storefront/domain/contract";
import { type ChangeEvent, useState } from "react";
import { useLocale, useT } from "../../lib/i18n.ts";
import { type LoyaltyEarning, loyaltyGivenBack } from "../../lib/loyalty-given-back.ts";
import { FIELD_CLASS, NumberField } from "../form-parts.tsx";
import { CitySection, useMoneyLabel } from "./city-section.tsx";

/** An input inside the sentence "1 point for every 1.00 €": as wide as its number needs. */
const INLINE_CLASS = FIELD_CLASS.replace("w-full", "w-28");

/**
 * The loyalty programme: on or off, how points are earned ("1 point for every 1.00 €"), what a point
 * is worth, the balance needed to spend them, when they expire and the welcome bonus. While the
 * manager types, the share of the goods given back in points is shown.
 */
export function CityLoyaltySection({
  settings,
  refused,
}: {
  settings: CitySettings;
  refused: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const money = useMoneyLabel(settings.currencyCode);
  const { loyalty } = settings;
  const [earning, setEarning] = useState<LoyaltyEarning>(loyalty);
  const typed = (field: keyof LoyaltyEarning) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.valueAsNumber;
    setEarning((before) => ({ ...before, [field]: value }));
  };
  const givenBack = loyaltyGivenBack(earning);
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  return (
    <CitySection id="city-loyalty" title={t("cities.loyalty")}>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="loyalty.enabled" defaultChecked={loyalty.enabled} className="size-4" />
        {t("cities.loyaltyEnabled")}
      </label>
      <p className="text-ink-soft text-sm sm:col-span-2">{t("cities.loyalty.offHint")}</p>
      <fieldset className="grid gap-1 sm:col-span-2" aria-describedby="loyalty-earning-hint">
        <legend className="mb-1 text-sm">{t("cities.loyalty.earning")}</legend>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <input
            id="loyalty.earnPoints"
            name="loyalty.earnPoints"
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            defaultValue={loyalty.earnPoints}
            onChange={typed("earnPoints")}
            aria-label={t("cities.loyalty.earnPoints")}
            aria-invalid={refused === "loyalty.earnPoints" || undefined}
            className={INLINE_CLASS}
          />
          <span>
            {t("cities.loyalty.pointsForEvery", {
              count: Number.isFinite(earning.earnPoints) ? earning.earnPoints : 0,
            })}
          </span>
          <input
            id="loyalty.earnPer"
            name="loyalty.earnPer"
            type="number"
            inputMode="decimal"
            min="0"
            step="any"
            defaultValue={loyalty.earnPer}
            onChange={typed("earnPer")}
            aria-label={money("cities.loyalty.earnPer")}
            aria-invalid={refused === "loyalty.earnPer" || undefined}
            className={INLINE_CLASS}
          />
          <span>{currencySymbol(settings.currencyCode, locale)}</span>
        </div>
        <p id="loyalty-earning-hint" className="text-ink-soft text-xs">
          {t("cities.loyalty.earningHint")}
        </p>
      </fieldset>
      <NumberField
        name="loyalty.pointValue"
        label={money("cities.loyalty.pointValue")}
        defaultValue={loyalty.pointValue}
        onChange={typed("pointValue")}
        refused={refused}
        hint={t("cities.loyalty.pointValueHint")}
      />
      <p className="self-center text-sm" aria-live="polite">
        {givenBack === null ? null : t("cities.loyalty.givenBack", { share: percent.format(givenBack) })}
      </p>
      <NumberField
        name="loyalty.minimumToRedeem"
        label={t("cities.loyalty.minimumToRedeem")}
        defaultValue={loyalty.minimumToRedeem}
        refused={refused}
        step="1"
        hint={t("cities.loyalty.minimumHint")}
      />
      <NumberField
        name="loyalty.expiryMonths"
        label={t("cities.loyalty.expiryMonths")}
        defaultValue={loyalty.expiryMonths ?? ""}
        refused={refused}
        min="1"
        max={LOYALTY_EXPIRY_MONTHS_MAX}
        step="1"
        hint={t("cities.loyalty.expiryHint", { max: LOYALTY_EXPIRY_MONTHS_MAX })}
      />
      <NumberField
        name="loyalty.welcomeBonus"
        label={t("cities.loyalty.welcomeBonus")}
        defaultValue={loyalty.welcomeBonus}
        refused={refused}
        step="1"
        hint={t("cities.loyalty.welcomeHint")}
      />
    </CitySection>
  );
}
