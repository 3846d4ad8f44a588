import type { MessageKey } from "./i18n.ts";

export interface MenuEntry {
  path: string;
  label: MessageKey;
}

/**
 * The account menu of section 2, in its order: personal info, orders, favourites, then addresses,
 * cards (only when stored cards are on or the customer has one, second in that group), promo codes,
 * points (only where the city's loyalty programme runs or the customer still has points, beside the
 * promo codes: both take money off an order), languages, support, referral (only when the programme
 * is on, just before about), about.
 */
export function accountMenu(options: {
  storedCards: boolean;
  hasCards: boolean;
  referral: boolean;
  loyalty: boolean;
}): {
  first: MenuEntry[];
  rest: MenuEntry[];
} {
  const first: MenuEntry[] = [
    { path: "profile", label: "menu.profile" },
    { path: "orders", label: "menu.orders" },
    { path: "favorites", label: "menu.favorites" },
  ];
  const rest: MenuEntry[] = [
    { path: "address/address-list", label: "menu.addresses" },
    ...(options.storedCards || options.hasCards ? [{ path: "cards", label: "menu.cards" } as MenuEntry] : []),
    { path: "promocodes", label: "menu.promocodes" },
    ...(options.loyalty ? [{ path: "points", label: "menu.points" } as MenuEntry] : []),
    { path: "languages", label: "menu.languages" },
    { path: "support", label: "menu.support" },
    ...(options.referral ? [{ path: "referral", label: "menu.referral" } as MenuEntry] : []),
    { path: "about", label: "menu.about" },
  ];
  return { first, rest };
}
