/**
 * Shapes of the demo content the seed turns into database rows and pictures.
 * Prices are reference prices in euros; each locality converts them with its own factor and rounding.
 */
export type Lang = "ar" | "en" | "es" | "fr" | "it" | "lv" | "mg" | "pt" | "bg" | "ru" | "uk";

/** A text in several languages; English is always there and is the fallback. */
export type I18nText = { en: string } & Partial<Record<Lang, string>>;

/** A text in all eleven interface languages. */
export type FullI18nText = Record<Lang, string>;

/** A name from the @iconify-json/fluent-emoji-flat icon set, e.g. "pizza". */
export type IconName = string;

export type Allergen =
  | "GLUTEN"
  | "CRUSTACEANS"
  | "EGGS"
  | "FISH"
  | "PEANUTS"
  | "SOYBEANS"
  | "MILK"
  | "TREE_NUTS"
  | "CELERY"
  | "MUSTARD"
  | "SESAME"
  | "SULPHITES"
  | "LUPIN"
  | "MOLLUSCS";

export type Tag = "VEGAN" | "VEGETARIAN" | "SPICY" | "NEW" | "HIT" | "GLUTEN_FREE" | "HALAL" | "KIDS";

export interface NutritionFacts {
  /** Per portion. */
  calories: number;
  proteins: number;
  fats: number;
  carbohydrates: number;
}

export interface OptionTemplate {
  name: I18nText;
  /** Extra price in euros, 0 for free options. */
  price: number;
}

export interface OptionGroupTemplate {
  name: I18nText;
  required: boolean;
  multiSelection: boolean;
  /** How many options may be chosen at most (1 for a single choice). */
  maxCount: number;
  options: OptionTemplate[];
}

export interface ProductTemplate {
  name: I18nText;
  description: I18nText;
  icon: IconName;
  /** Reference price in euros. */
  price: number;
  /** A discount in percent, for some products only. */
  discountPercent?: number;
  weight: number;
  unit: "g" | "ml" | "pcs";
  liquid?: boolean;
  tags?: Tag[];
  /** The EU allergens the dish holds, [] when it holds none: every demo product states them. */
  allergens: Allergen[];
  /** How hot, 1 to 3, for the spicy ones only. */
  spicyLevel?: 1 | 2 | 3;
  nutrition?: NutritionFacts;
  popular?: boolean;
  optionGroups?: OptionGroupTemplate[];
}

export interface SectionTemplate {
  name: I18nText;
  /** Local hours when the section sells (breakfast menus, lunch offers); the vendor's hours otherwise. */
  hours?: { from: string; until: string };
  products: ProductTemplate[];
}

/** A kind of vendor with its menu; several vendors of the demo cities share one. */
export interface MenuTemplate {
  key: string;
  vendorType: "RESTAURANT" | "STORE";
  /** Keys of CategoryTemplate. */
  categories: string[];
  /** Two to four icons drawn on the vendor's cover picture. */
  coverIcons: IconName[];
  /** Background colour of the cover and avatar, as #rrggbb. */
  colour: string;
  cookingMinutes: [number, number];
  description: I18nText;
  sections: SectionTemplate[];
}

export interface CategoryTemplate {
  key: string;
  name: FullI18nText;
  icon: IconName;
  /** Key of the parent category; top-level categories have none. */
  parent?: string;
  /** Shown in the quick "top" list. */
  top?: boolean;
}

/**
 * REGULAR: every day 10:00-22:00; LONG: 08:00-23:00; OVERNIGHT: 18:00-04:00 every day;
 * BREAKFAST: 07:00-15:00; WEEKDAYS: Monday to Friday 09:00-20:00, Saturday 10:00-18:00, Sunday closed;
 * ALWAYS: 00:00-24:00; CLOSED: no hours at all (closed for renovation, so closed now).
 */
export type HoursKind = "REGULAR" | "LONG" | "OVERNIGHT" | "BREAKFAST" | "WEEKDAYS" | "ALWAYS" | "CLOSED";

export interface VendorTemplate {
  /** The vendor's name as shown, in the locality's language or as branded. */
  name: string;
  /** Key of a MenuTemplate. */
  menu: string;
  street: string;
  houseNumber: string;
  /** [latitude, longitude], inside the locality's delivery zone. */
  position: [number, number];
  /** 3.0 to 5.0 with one decimal; a few vendors below 3.1 so every rating bucket has some. */
  rating: number;
  ratingsCount: number;
  hours: HoursKind;
  takeawayOnly?: boolean;
  /** Base delivery fee in euros. */
  deliveryFee: number;
}

export interface LocalityTemplate {
  code: string;
  name: FullI18nText;
  timeZone: string;
  currencyCode: string;
  countryCode: string;
  lang: Lang;
  /** Local currency per euro, and the step local prices are rounded to (in major units). */
  priceFactor: number;
  priceStep: number;
  center: [number, number];
  /** The delivery zone polygon as [latitude, longitude] points, not closed. */
  zone: Array<[number, number]>;
  city: string;
  country: string;
  vendors: VendorTemplate[];
}

export interface ContentPageTemplate {
  slug: string;
  title: FullI18nText;
  /** Plain paragraphs separated by blank lines. */
  body: I18nText;
}

export interface BannerTemplate {
  title: I18nText;
  icon: IconName;
  colour: string;
  /** Index into the locality's vendor list the banner links to. */
  vendorIndex: number;
}
