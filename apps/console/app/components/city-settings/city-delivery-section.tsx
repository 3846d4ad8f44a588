import { COURIER_KMH } from "@storefront/domain";
import type { CitySettings } from "@storefront/domain/contract";
import { useT } from "../../lib/i18n.ts";
import { NumberField } from "../form-parts.tsx";
import { CitySection, useMoneyLabel } from "./city-section.tsx";

/** The delivery price (kilometres included, per kilometre, rounding, free from) and couriers' speed. */
export function CityDeliverySection({
  settings,
  refused,
}: {
  settings: CitySettings;
  refused: string | null;
}) {
  const t = useT();
  const money = useMoneyLabel(settings.currencyCode);
  return (
    <CitySection id="city-delivery" title={t("cities.deliveryPrice")}>
      <p className="text-ink-soft text-sm sm:col-span-2">{t("cities.deliveryHint")}</p>
      <NumberField
        name="delivery.includedKm"
        label={t("cities.includedKm")}
        defaultValue={settings.delivery.includedKm}
        refused={refused}
      />
      <NumberField
        name="delivery.perKm"
        label={money("cities.perKm")}
        defaultValue={settings.delivery.perKm}
        refused={refused}
      />
      <NumberField
        name="delivery.step"
        label={money("cities.step")}
        defaultValue={settings.delivery.step}
        refused={refused}
      />
      <NumberField
        name="freeDeliveryFrom"
        label={money("cities.freeDeliveryFrom")}
        defaultValue={settings.freeDeliveryFrom ?? ""}
        refused={refused}
        hint={t("cities.emptyNever")}
      />
      <NumberField
        name="courierKmh"
        label={t("cities.courierKmh")}
        defaultValue={settings.courierKmh}
        refused={refused}
        hint={t("cities.courierKmhHint", { min: COURIER_KMH.min, max: COURIER_KMH.max })}
      />
    </CitySection>
  );
}
