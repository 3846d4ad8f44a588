import { type ImageConfig, type Locale, pickText } from "@storefront/domain";
import type { FavouriteProduct } from "@storefront/domain/contract";
import type { AvailabilityClock } from "./availability.ts";
import { productPrices, sectionSells } from "./catalogue.ts";
import type { ProductRow } from "./products-repository.ts";

/** What a dish's card (a favourite, a search result) is made of. */
export interface DishCardRow {
  product: Pick<ProductRow, "id" | "name" | "imageId" | "price" | "discountPrice" | "available">;
  vendor: { id: number; name: string };
  section: { workingHours: Parameters<typeof sectionSells>[0]["workingHours"] };
}

export interface DishCardLocality {
  code: string;
  lang: string;
  timeZone: string;
  currencyCode: string;
}

/** A dish as its card shows it: the menu's name, picture and prices, whether it sells now, and where. */
export function dishCardOf(
  { product, vendor, section }: DishCardRow,
  locality: DishCardLocality,
  view: {
    reader: Locale | null;
    /** The locality's clock now (`availabilityClock`): whether the dish's section sells is judged by it. */
    clock: AvailabilityClock;
    imageOf: (id: number | null) => ImageConfig | null;
  },
): FavouriteProduct {
  return {
    id: product.id,
    vendorId: vendor.id,
    name: pickText(product.name, view.reader, locality.lang as Locale),
    image: view.imageOf(product.imageId),
    ...productPrices(product, locality.currencyCode),
    available: product.available && sectionSells(section, view.clock),
    vendorName: vendor.name,
    localityCode: locality.code,
  };
}
