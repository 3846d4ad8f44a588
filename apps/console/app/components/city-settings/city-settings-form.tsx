import { MAX_PREORDER_DAYS } from "@storefront/domain";
import type { CitySettings } from "@storefront/domain/contract";
import { Form, useActionData, useNavigation } from "react-router";
import { type MessageKey, useT } from "../../lib/i18n.ts";
import type { clientAction } from "../../routes/cities.tsx";
import { Notice, SubmitButton } from "../form-parts.tsx";
import { CityDeliverySection } from "./city-delivery-section.tsx";
import { CityLocaleSection } from "./city-locale-section.tsx";
import { CityOrdersSection } from "./city-orders-section.tsx";
import { CityReferralSection } from "./city-referral-section.tsx";
import { CityTipsSection } from "./city-tips-section.tsx";

/** What the refusal tells the manager: by why it was refused, else by the field. */
function refusalMessage(field: string, refusal: string | null): MessageKey {
  if (refusal === "UNKNOWN_CURRENCY") return "cities.error.currency";
  if (refusal === "NOT_WHOLE_MINOR_UNITS") return "cities.error.amount";
  if (refusal === "ZERO_STEP") return "cities.error.zeroStep";
  if (refusal === "TIP_OVER_MAX") return "cities.error.tipOverMax";
  if (refusal === "TIP_OFF_STEP") return "cities.error.tipOffStep";
  if (refusal === "TIPS_REPEATED") return "cities.error.tipRepeated";
  if (field === "receiptTypes") return "vendor.error.receipt";
  if (field === "paymentTypes") return "cities.error.payment";
  if (field === "preorderDays") return "cities.error.preorder";
  return "cities.error.invalid";
}

/** One city's ordering settings: language and currency, orders, delivery price, tips, referral. */
export function CitySettingsForm({ settings }: { settings: CitySettings }) {
  const t = useT();
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
      {result ? (
        <Notice tone={result.saved ? "good" : "bad"}>
          {result.saved
            ? t("cities.saved")
            : t(refusalMessage(result.field ?? "", result.refusal), { max: MAX_PREORDER_DAYS })}
        </Notice>
      ) : null}
      <SubmitButton busy={busy} wide={false}>
        {t("menus.save")}
      </SubmitButton>
    </Form>
  );
}
