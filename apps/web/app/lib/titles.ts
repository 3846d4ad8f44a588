import type { MessageKey } from "./i18n.ts";

/** Page title suffixes of section 2, by route id; other pages use their own. */
export const TITLE_SUFFIX: Record<string, MessageKey> = {
  cart: "title.cart",
  "menu-profile": "title.profile",
  "menu-orders": "title.orders",
  "menu-orders-id-status": "title.orders",
  "menu-orders-id-details": "title.orders",
  "menu-orders-id-payment": "title.orders",
  "menu-favorites": "title.favorites",
  "menu-address-address-list": "title.addresses",
  "menu-address-address-form": "title.addresses",
  "menu-cards": "title.cards",
  "menu-languages": "title.language",
  "menu-support": "title.support",
  support: "title.support",
  "menu-promocodes": "menu.promocodes",
  "menu-points": "menu.points",
  "menu-referral": "menu.referral",
  "menu-reviews": "menu.reviews",
  "menu-about": "menu.about",
  "menu-courier-info": "footer.becomeCourier",
  "menu-vendor-info": "footer.becomeVendor",
};

/** "terms-of-use" -> "Terms of use": the title of a content page without one of its own. */
export function capitaliseSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
