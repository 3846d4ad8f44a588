import type { CityClock } from "@storefront/domain";
import { useLocale } from "./i18n.ts";
import { useStorefront } from "./storefront.ts";

/**
 * The clock a city's times are read on (an order's, a review's, a promo code's): the reader's
 * language and the city's zone, wherever the browser is. The cities come from the locale layout's
 * data, the same on the server and in the browser, so both write the same text. A city not listed
 * (none named, or one removed since) reads on the current one's.
 */
export function useCityClock(): (localityCode: string | null | undefined) => CityClock {
  const locale = useLocale();
  const { localities, locality } = useStorefront();
  return (localityCode) => {
    const city = localities.find((l) => l.code === localityCode) ?? locality;
    return { locale, timeZone: city?.timeZone ?? "UTC" };
  };
}
