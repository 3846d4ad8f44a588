import { MAX_PREORDER_DAYS } from "@storefront/domain";
import type { CitySettings } from "@storefront/domain/contract";
import { useT } from "../../lib/i18n.ts";
import { NumberField } from "../form-parts.tsx";
import { Choices } from "./choices.tsx";
import { CitySection, useMoneyLabel } from "./city-section.tsx";

/** How orders are taken: the smallest, the largest in cash, how far ahead, how received and paid. */
export function CityOrdersSection({ settings, refused }: { settings: CitySettings; refused: string | null }) {
  const t = useT();
  const money = useMoneyLabel(settings.currencyCode);
  return (
    <CitySection id="city-orders" title={t("cities.orders")}>
      <NumberField
        name="minOrderPrice"
        label={money("cities.minOrderPrice")}
        defaultValue={settings.minOrderPrice}
        refused={refused}
      />
      <NumberField
        name="maxCashOrder"
        label={money("cities.maxCashOrder")}
        defaultValue={settings.maxCashOrder ?? ""}
        refused={refused}
        hint={t("cities.emptyNoLimit")}
      />
      <NumberField
        name="preorderDays"
        label={t("cities.preorderDays")}
        defaultValue={settings.preorderDays}
        refused={refused}
        step="1"
        hint={t("cities.preorderHint", { max: MAX_PREORDER_DAYS })}
      />
      <div className="grid content-start gap-4">
        <Choices
          name="receiptTypes"
          legend={t("vendor.receiptTypes")}
          options={["DELIVERY", "TAKEAWAY"] as const}
          chosen={settings.receiptTypes}
          label={(type) => t(`receipt.${type}`)}
          refused={refused}
        />
        <Choices
          name="paymentTypes"
          legend={t("cities.paymentTypes")}
          options={["CASH", "ONLINE"] as const}
          chosen={settings.paymentTypes}
          label={(type) => t(`payment.${type}`)}
          refused={refused}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="showStoredCards"
            defaultChecked={settings.showStoredCards}
            className="size-4"
          />
          {t("cities.showStoredCards")}
        </label>
      </div>
    </CitySection>
  );
}
