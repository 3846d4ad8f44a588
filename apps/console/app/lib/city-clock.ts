import { type CityClock, pickText } from "@storefront/domain";
import type { StaffMember } from "@storefront/domain/contract";
import { useRouteLoaderData } from "react-router";
import { useLocale } from "./i18n.ts";

/**
 * The clock a city's times are read on: the member's language and the city's zone, wherever the
 * browser is. A member who works in several cities sees the city named after each time ("12:00
 * (Riga)"), unless `unnamed` (a place that names the city already). A time of no city (an audit
 * entry, a sign-in) reads on the member's first city.
 */
export function useCityClock(): (localityCode?: string | null, unnamed?: "unnamed") => CityClock {
  const locale = useLocale();
  const data = useRouteLoaderData("staff") as { member?: StaffMember } | undefined;
  const cities = data?.member?.localities ?? [];
  return (localityCode, unnamed) => {
    const city = cities.find((c) => c.code === localityCode) ?? cities[0];
    return {
      locale,
      timeZone: city?.timeZone ?? "UTC",
      city: cities.length > 1 && !unnamed && city ? pickText(city.names, locale) : null,
    };
  };
}
