import { MAX_TIP_VALUES } from "@storefront/domain";
import type { CitySettings } from "@storefront/domain/contract";
import { useT } from "../../lib/i18n.ts";
import { FIELD_CLASS, NumberField } from "../form-parts.tsx";
import { CitySection, useMoneyLabel } from "./city-section.tsx";

/** A ready-made tip's input: as wide as an amount needs. */
const TIP_CLASS = FIELD_CLASS.replace("w-full", "w-28");

/** Tips at checkout: on or off, the largest, the step, and the ready-made amounts. */
export function CityTipsSection({ settings, refused }: { settings: CitySettings; refused: string | null }) {
  const t = useT();
  const money = useMoneyLabel(settings.currencyCode);
  const tipSlots = Array.from({ length: MAX_TIP_VALUES }, (_, index) => settings.tips.values[index] ?? null);
  return (
    <CitySection id="city-tips" title={t("cities.tips")}>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          name="tips.enabled"
          defaultChecked={settings.tips.enabled}
          className="size-4"
        />
        {t("cities.tipsEnabled")}
      </label>
      <NumberField
        name="tips.max"
        label={money("cities.tipMax")}
        defaultValue={settings.tips.max}
        refused={refused}
      />
      <NumberField
        name="tips.step"
        label={money("cities.tipStep")}
        defaultValue={settings.tips.step}
        refused={refused}
      />
      <fieldset className="grid gap-2 sm:col-span-2">
        <legend className="mb-1 font-medium text-sm">{money("cities.tipValues")}</legend>
        <div className="flex flex-wrap gap-2">
          {tipSlots.map((value, index) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its place in the list
              key={index}
              name="tips.values"
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              defaultValue={value ?? ""}
              aria-label={t("cities.tipValue", { number: index + 1 })}
              aria-invalid={refused === `tips.values.${index}` || undefined}
              className={TIP_CLASS}
            />
          ))}
        </div>
      </fieldset>
    </CitySection>
  );
}
