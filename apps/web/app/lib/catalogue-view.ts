import { type ChosenImage, chooseImageVariant, type ImageConfig } from "@storefront/domain";
import type {
  Banner,
  Catalogue,
  CategoriesResponse,
  Product,
  VendorDetail,
  VendorSummary,
} from "@storefront/domain/contract";

/**
 * The catalogue as the pages show it. Loaders send these instead of the API's answers, so a
 * document carries only what its page renders: no texts in other languages, no working hours of
 * a card, and of each picture only the variants its slot can use (`chooseImageVariant`).
 * Pages the browser loads itself (the vendor grid's next pages, the modals) map the same way.
 */

/** A picture for a slot `width` CSS pixels wide at most, and `upTo` pixels on a dense screen. */
export function imageSource(config: ImageConfig | null, width: number, upTo = width * 2): ChosenImage | null {
  return config === null ? null : chooseImageVariant(config, width, upTo);
}

export type VendorCardData = Pick<
  VendorSummary,
  | "id"
  | "name"
  | "rating"
  | "timeAvailability"
  | "closesBeforeArrivalAt"
  | "delivery"
  | "minEstimatedDeliveryDuration"
  | "maxEstimatedDeliveryDuration"
  | "deliveryPrice"
  | "deliversToPoint"
  | "currencyCode"
> & { image: ChosenImage | null };

/**
 * A vendor card: 363 px wide in the desktop grid, a phone's width less its margins. Only the 600 px
 * variant: the 1200 px one is twice the bytes (12 kB against 5 kB a card) for a phone at 1.75x or
 * more, and a first visit loads a dozen of them; 600 px is 1.6x a phone's card and 1.65x the desktop's.
 */
export function vendorCardOf(vendor: VendorSummary): VendorCardData {
  return {
    id: vendor.id,
    name: vendor.name,
    rating: vendor.rating,
    timeAvailability: vendor.timeAvailability,
    closesBeforeArrivalAt: vendor.closesBeforeArrivalAt,
    delivery: vendor.delivery,
    minEstimatedDeliveryDuration: vendor.minEstimatedDeliveryDuration,
    maxEstimatedDeliveryDuration: vendor.maxEstimatedDeliveryDuration,
    deliveryPrice: vendor.deliveryPrice,
    deliversToPoint: vendor.deliversToPoint,
    currencyCode: vendor.currencyCode,
    image: imageSource(vendor.image, 360, 600),
  };
}

/** One page of vendor cards; `page` is the last page loaded, in pages of the grid's size. */
export interface VendorCardsPage {
  content: VendorCardData[];
  page: number;
  totalElements: number;
  totalPages: number;
}

export type BannerView = Pick<Banner, "id" | "title" | "vendorId" | "url"> & { image: ChosenImage | null };

/** The top banners in their order: 480 px on desktop, 85% of a phone's width. */
export function topBannersOf(banners: Banner[]): BannerView[] {
  return banners
    .filter((banner) => banner.spot === "top")
    .toSorted((a, b) => a.order - b.order)
    .map((banner) => ({
      id: banner.id,
      title: banner.title,
      vendorId: banner.vendorId,
      url: banner.url,
      image: imageSource(banner.image, 480, 1200),
    }));
}

/** The filter's category tree (names and counts) and the top categories' 24 px chips. */
export interface CategoryChoices {
  tree: Array<{
    id: number;
    name: string;
    children: Array<{ id: number; name: string; vendorsCount: number }>;
  }>;
  top: Array<{ id: number; name: string; image: ChosenImage | null }>;
}

export function categoryChoicesOf(categories: CategoriesResponse): CategoryChoices {
  return {
    tree: categories.tree.map((parent) => ({
      id: parent.id,
      name: parent.name,
      children: parent.children.map(({ id, name, vendorsCount }) => ({ id, name, vendorsCount })),
    })),
    top: categories.top.map((category) => ({
      id: category.id,
      name: category.name,
      image: imageSource(category.image, 24, 48),
    })),
  };
}

type ComponentGroup = Product["componentGroups"][number];

/** A product as its card, its modal and the cart's quick add use it. */
export type MenuProduct = Pick<
  Product,
  | "id"
  | "vendorId"
  | "name"
  | "description"
  | "price"
  | "originalPrice"
  | "discount"
  | "weight"
  | "weightUnit"
  | "tags"
  | "allergens"
  | "spicyLevel"
  | "nutritionFacts"
  | "available"
> & {
  currencyCode: string;
  image: ChosenImage | null;
  componentGroups: Array<
    Pick<ComponentGroup, "id" | "name" | "required" | "multiSelection" | "maxCount"> & {
      components: Array<Pick<ComponentGroup["components"][number], "id" | "name" | "price" | "available">>;
    }
  >;
};

/**
 * The card is half a phone's width or 270 px on desktop (300 px variant, 600 px when dense); the
 * modal shows the same picture across a phone or 384 px wide, so the 1200 px variant stays too.
 */
export function menuProductOf(product: Product): MenuProduct {
  return {
    id: product.id,
    vendorId: product.vendorId,
    name: product.name,
    description: product.description,
    price: product.price,
    originalPrice: product.originalPrice,
    discount: product.discount,
    weight: product.weight,
    weightUnit: product.weightUnit,
    tags: product.tags,
    allergens: product.allergens,
    spicyLevel: product.spicyLevel,
    nutritionFacts: product.nutritionFacts,
    available: product.available,
    currencyCode: product.prices.currencyCode,
    image: imageSource(product.image, 270, 1200),
    componentGroups: product.componentGroups.map((group) => ({
      id: group.id,
      name: group.name,
      required: group.required,
      multiSelection: group.multiSelection,
      maxCount: group.maxCount,
      components: group.components.map(({ id, name, price, available }) => ({ id, name, price, available })),
    })),
  };
}

export type VendorView = Pick<
  VendorDetail,
  | "id"
  | "name"
  | "description"
  | "street"
  | "houseNumber"
  | "city"
  | "rating"
  | "ratingsCount"
  | "workingHours"
  | "timeAvailability"
  | "closesBeforeArrivalAt"
  | "delivery"
  | "minEstimatedDeliveryDuration"
  | "maxEstimatedDeliveryDuration"
  | "cookingTimeRange"
  | "deliveryPrice"
  | "deliversToPoint"
  | "minOrderPrice"
  | "currencyCode"
> & { image: ChosenImage | null; avatar: ChosenImage | null; popularProducts: MenuProduct[] };

/** The vendor page's header: the cover across the page (1120 px, 1200 px variant), an 80 px avatar. */
export function vendorViewOf(vendor: VendorDetail): VendorView {
  return {
    id: vendor.id,
    name: vendor.name,
    description: vendor.description,
    street: vendor.street,
    houseNumber: vendor.houseNumber,
    city: vendor.city,
    rating: vendor.rating,
    ratingsCount: vendor.ratingsCount,
    workingHours: vendor.workingHours,
    timeAvailability: vendor.timeAvailability,
    closesBeforeArrivalAt: vendor.closesBeforeArrivalAt,
    delivery: vendor.delivery,
    minEstimatedDeliveryDuration: vendor.minEstimatedDeliveryDuration,
    maxEstimatedDeliveryDuration: vendor.maxEstimatedDeliveryDuration,
    cookingTimeRange: vendor.cookingTimeRange,
    deliveryPrice: vendor.deliveryPrice,
    deliversToPoint: vendor.deliversToPoint,
    minOrderPrice: vendor.minOrderPrice,
    currencyCode: vendor.currencyCode,
    image: imageSource(vendor.image, 600, 1200),
    avatar: imageSource(vendor.avatar, 80, 160),
    popularProducts: vendor.popularProducts.map(menuProductOf),
  };
}

/** A menu section: its products, and its hours while it does not sell. */
export interface MenuSection {
  id: number;
  name: string;
  closedHours: { from: string; until: string } | null;
  products: MenuProduct[];
}

export function menuSectionsOf(catalogue: Catalogue): MenuSection[] {
  return catalogue.sections.map((section) => {
    const hours = section.workingHours?.intervals[0];
    return {
      id: section.id,
      name: section.name,
      closedHours:
        !section.timeAvailability.available && section.workingHours
          ? { from: hours?.from ?? "", until: hours?.until ?? "" }
          : null,
      products: section.products.map(menuProductOf),
    };
  });
}
