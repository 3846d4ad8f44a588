import type { Page } from "@playwright/test";
import { orderableNow } from "./orderable.ts";

/** A delivery address in Riga, as a link gives it (`?address=`). */
export const ADDRESS = encodeURIComponent(
  JSON.stringify({ latitude: 56.9496, longitude: 24.1052, formattedAddress: "Brīvības iela 1, Rīga" }),
);

export interface MenuProduct {
  id: number;
  name: string;
  price: number;
  available: boolean;
  componentGroups: Array<{
    required: boolean;
    name: string;
    components: Array<{ name: string; available: boolean }>;
  }>;
}

/** An open restaurant of Riga with a product to add straight away and one with a required choice. */
export async function openRestaurant(page: Page) {
  const headers = { "X-Partner-Code": "demo", "Accept-Language": "en" };
  const vendors = await (
    await page.request.get("/api/public/localities/riga/vendors?size=100", { headers })
  ).json();
  for (const vendor of vendors.content) {
    if (!orderableNow(vendor) || vendor.vendorType !== "RESTAURANT" || vendor.receiptTypes.length < 2)
      continue;
    // Delivery that costs something, so a free-delivery promo code shows.
    if (vendor.deliveryPrice === 0) continue;
    const menu = await (await page.request.get(`/api/vendors/${vendor.id}/catalogue`, { headers })).json();
    const products: MenuProduct[] = menu.sections.flatMap((s: { products: MenuProduct[] }) => s.products);
    // The dearest plain product: two of it pass the vendor's minimum order, at whatever hour and so
    // whichever restaurant is open.
    const plain = products
      .filter((p) => p.available && p.componentGroups.length === 0)
      .sort((a, b) => b.price - a.price)[0];
    if (plain && plain.price * 2 < vendor.minOrderPrice) continue;
    const withChoice = products.find((p) => p.available && p.componentGroups.some((g) => g.required));
    if (plain && withChoice)
      return {
        id: vendor.id as number,
        name: vendor.name as string,
        // Where its takeaways are picked up, as a customer reads it.
        address: `${vendor.street} ${vendor.houseNumber}, ${vendor.city}`,
        place: `${vendor.latitude},${vendor.longitude}`,
        plain,
        withChoice,
      };
  }
  throw new Error("no open restaurant with both kinds of products");
}
