import { type Locale, pickText, toMajorUnits } from "@storefront/domain";
import type { Catalogue, Product } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type AvailabilityClock, availabilityClock, timeAvailability } from "./availability.ts";
import type { ImageStore } from "./images.ts";
import {
  findComponentGroups,
  findListedProduct,
  findVisibleMenuRows,
  type ProductRow,
  type SectionRow,
} from "./menu-repository.ts";

/** A product as stored, before the clock decides whether its section sells now. */
type StoredProduct = Omit<Product, "available"> & { stockAvailable: boolean };
interface StoredSection {
  row: SectionRow;
  name: string;
  products: StoredProduct[];
}

/** A vendor's menu as stored: sections with their products, before the clock is applied. */
export type StoredMenu = StoredSection[];

export interface MenuReader {
  vendorId: number;
  currencyCode: string;
  lang: Locale;
  reader: Locale | null;
}

/** What a product costs in its locality's currency, discount included, as the menu shows it. */
export function productPrices(row: Pick<ProductRow, "price" | "discountPrice">, currencyCode: string) {
  const money = (minor: number) => toMajorUnits(minor, currencyCode);
  const payable = row.discountPrice ?? row.price;
  return {
    price: money(payable),
    originalPrice: money(row.price),
    discount: row.discountPrice === null ? 0 : Math.round((1 - row.discountPrice / row.price) * 100),
    discountPrice: row.discountPrice === null ? null : money(row.discountPrice),
    prices: { currencyCode, price: money(payable), originalPrice: money(row.price) },
  };
}

/** Whether a section sells at the clock's moment; a section without hours follows its vendor's. */
export function sectionSells(section: Pick<SectionRow, "workingHours">, clock: AvailabilityClock): boolean {
  return section.workingHours ? timeAvailability(section.workingHours, clock).available : true;
}

async function loadProducts(
  db: Database,
  imageStore: ImageStore,
  rows: ProductRow[],
  sectionsById: Map<number, SectionRow>,
  menu: MenuReader,
): Promise<StoredProduct[]> {
  if (rows.length === 0) return [];
  const { groups, choices } = await findComponentGroups(
    db,
    rows.map((r) => r.id),
  );
  const imageOf = await imageStore.load(rows.map((r) => r.imageId));
  const text = (value: Record<string, string>) => pickText(value, menu.reader, menu.lang);
  const money = (minor: number) => toMajorUnits(minor, menu.currencyCode);

  return rows.map((row) => {
    const section = sectionsById.get(row.sectionId);
    return {
      id: row.id,
      vendorId: row.vendorId,
      sectionId: row.sectionId,
      name: text(row.name),
      nameI18n: row.name,
      description: text(row.description),
      descriptionI18n: row.description,
      image: imageOf(row.imageId),
      ...productPrices(row, menu.currencyCode),
      weight: row.weight,
      weightUnit: row.weightUnit,
      attributes: row.attributes,
      tags: row.tags,
      allergens: row.allergens,
      spicyLevel: row.spicyLevel,
      nutritionFacts: row.nutritionFacts,
      order: row.sort,
      stockAvailable: row.available,
      visible: row.visible,
      popular: row.popular,
      sectionWorkingHours: section?.workingHours ? { intervals: section.workingHours } : null,
      componentGroups: groups
        .filter((g) => g.productId === row.id)
        .map((g) => ({
          id: g.id,
          name: text(g.name),
          nameI18n: g.name,
          required: g.required,
          multiSelection: g.multiSelection,
          maxCount: g.maxCount,
          components: choices
            .filter((c) => c.groupId === g.id)
            .map((c) => ({
              id: c.id,
              name: text(c.name),
              nameI18n: c.name,
              price: money(c.price),
              available: c.available,
            })),
        })),
    };
  });
}

/**
 * A vendor's menu without the clock: visible sections in order, empty ones dropped, products with
 * their texts, pictures and prices. The same for every reader of one language until it changes.
 */
export async function loadMenu(db: Database, imageStore: ImageStore, menu: MenuReader): Promise<StoredMenu> {
  const { sections, rows } = await findVisibleMenuRows(db, menu.vendorId);
  const sectionsById = new Map(sections.map((s) => [s.id, s]));
  const stored = await loadProducts(
    db,
    imageStore,
    rows.filter((r) => sectionsById.has(r.sectionId)),
    sectionsById,
    menu,
  );
  return sections
    .map((row) => ({
      row,
      name: pickText(row.name, menu.reader, menu.lang),
      products: stored.filter((p) => p.sectionId === row.id),
    }))
    .filter((section) => section.products.length > 0);
}

function withAvailability(product: StoredProduct, sectionOpen: boolean): Product {
  const { stockAvailable, ...rest } = product;
  return { ...rest, available: stockAvailable && sectionOpen };
}

/**
 * A vendor's menu at the clock's moment: each product available only when in stock and while its
 * section sells (sections without hours follow the vendor's).
 */
export function catalogueAt(
  menu: { vendorId: number; currencyCode: string; sections: StoredMenu },
  clock: AvailabilityClock,
): Catalogue {
  return {
    vendorId: menu.vendorId,
    currencyCode: menu.currencyCode,
    sections: menu.sections.map(({ row, name, products: items }) => {
      const availability = row.workingHours
        ? timeAvailability(row.workingHours, clock)
        : { available: true, nextAvailableAt: null };
      return {
        id: row.id,
        name,
        visible: row.visible,
        order: row.sort,
        cookingTime: row.cookingTime,
        imageOrientation: row.imageOrientation,
        timeAvailability: availability,
        workingHours: row.workingHours ? { intervals: row.workingHours } : null,
        products: items.map((p) => withAvailability(p, availability.available)),
      };
    }),
  };
}

/** The vendor's popular products at the clock's moment, as shown in the PopularProducts popup. */
export function popularProductsAt(sections: StoredMenu, clock: AvailabilityClock): Product[] {
  return sections.flatMap((section) =>
    section.products
      .filter((p) => p.popular)
      .map((p) => withAvailability(p, sectionSells(section.row, clock))),
  );
}

export async function loadProduct(
  db: Database,
  imageStore: ImageStore,
  request: {
    partnerId: number;
    id: number;
    reader: Locale | null;
    now: Date;
    preorderDateTime?: string | undefined;
  },
): Promise<{ product: Product; localityId: number }> {
  const found = await findListedProduct(db, request.partnerId, request.id);
  if (!found) throw new AppError(404, "ProductNotFoundException", `Product ${request.id} not found`);
  const { product, vendor, section, locality } = found;
  const [stored] = await loadProducts(db, imageStore, [product], new Map([[section.id, section]]), {
    vendorId: vendor.id,
    currencyCode: locality.currencyCode,
    lang: locality.lang as Locale,
    reader: request.reader,
  });
  const clock = availabilityClock(locality.timeZone, request.now, request.preorderDateTime);
  return {
    product: withAvailability(stored as StoredProduct, sectionSells(section, clock)),
    localityId: locality.id,
  };
}
