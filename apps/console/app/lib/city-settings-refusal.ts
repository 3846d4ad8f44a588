import type { CitySettingsRefusal, LoyaltyProgrammeRefusal } from "@storefront/domain";
import type { MessageKey } from "./i18n.ts";

/** Why the API refused a city's settings (checkCitySettings, checkLoyaltyProgramme), in the member's words. */
const BY_REFUSAL: Record<CitySettingsRefusal | LoyaltyProgrammeRefusal, MessageKey> = {
  UNKNOWN_CURRENCY: "cities.error.currency",
  NOT_WHOLE_MINOR_UNITS: "cities.error.amount",
  ZERO_STEP: "cities.error.zeroStep",
  TIP_OVER_MAX: "cities.error.tipOverMax",
  TIP_OFF_STEP: "cities.error.tipOffStep",
  TIPS_REPEATED: "cities.error.tipRepeated",
  NOT_WHOLE_POINTS: "cities.error.wholePoints",
  VALUE_REQUIRED: "cities.error.loyaltyRequired",
  OVER_MAX: "cities.error.pointsOverMax",
  EXPIRY_RANGE: "cities.error.expiry",
  REWARD_OVER_SPEND: "cities.error.rewardOverSpend",
};

/** What a refusal of the city's settings tells the manager: by why it was refused, else by the field. */
export function citySettingsRefusalMessage(field: string, refusal: string | null): MessageKey {
  if (refusal !== null && Object.hasOwn(BY_REFUSAL, refusal))
    return BY_REFUSAL[refusal as keyof typeof BY_REFUSAL];
  if (field === "receiptTypes") return "vendor.error.receipt";
  if (field === "paymentTypes") return "cities.error.payment";
  if (field === "preorderDays") return "cities.error.preorder";
  return "cities.error.invalid";
}
