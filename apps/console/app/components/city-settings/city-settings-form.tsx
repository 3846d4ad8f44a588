import {
  LOYALTY_EXPIRY_MONTHS_MAX,
  LOYALTY_POINTS_MAX,
  MAX_PREORDER_DAYS,
  numberFormat,
} from "@storefront/domain";
import type { CitySettings } from "@storefront/domain/contract";
import { Form, useActionData, useNavigation } from "react-router";
import { citySettingsRefusalMessage } from "../../lib/city-settings-refusal.ts";
import { useLocale, useT } from "../../lib/i18n.ts";
import type { clientAction } from "../../routes/cities.tsx";
import { Notice, SubmitButton } from "../form-parts.tsx";
import { CityDeliverySection } from "./city-delivery-section.tsx";
import { CityLocaleSection } from "./city-locale-section.tsx";
import { CityLoyaltySection } from "./city-loyalty-section.tsx";
import { CityOrdersSection } from "./city-orders-section.tsx";
import { CityReferralSection } from "./city-referral-section.tsx";
import { CityTipsSection } from "./city-tips-section.tsx";

/** One city's ordering settings: language and currency, orders, delivery price, tips, referral, loyalty. */
export function CitySettingsForm({ settings }: { settings: CitySettings }) {
  const t = useT();
  const locale = useLocale();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  const refused = result && !result.saved ? result.field : null;
  return (
    <Form method="post" className="grid gap-6">
      <input type="hidden" name="code" value={settings.code} />
      <CityLocaleSection settings={settings} refused={refused} />
      <CityOrdersSection settings={settings} refused={refused} />
      <CityDeliverySection settings={settings} refused={refused} />
      <CityTipsSection settings={settings} refused={refused} />
      <CityReferralSection settings={settings} />
      <CityLoyaltySection settings={settings} refused={refused} />
      {result ? (
        <Notice tone={result.saved ? "good" : "bad"}>
          {result.saved
            ? t("cities.saved")
            : t(citySettingsRefusalMessage(result.field ?? "", result.refusal), {
                max: MAX_PREORDER_DAYS,
                points: numberFormat(locale).format(LOYALTY_POINTS_MAX),
                months: LOYALTY_EXPIRY_MONTHS_MAX,
              })}
        </Notice>
      ) : null}
      <SubmitButton busy={busy} wide={false}>
        {t("menus.save")}
      </SubmitButton>
    </Form>
  );
}
