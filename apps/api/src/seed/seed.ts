import {
  roundToStep,
  toMajorUnits,
  toMinorUnits,
  WEEK_DAYS,
  type WorkingInterval,
  weeklySchedule,
} from "@storefront/domain";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { fillMissingSearchTexts } from "../catalogue/search-documents.ts";
import type { Database } from "../db/client.ts";
import {
  banners as bannerTable,
  catalogueSections,
  categories as categoryTable,
  contentPages,
  images,
  localities as localityTable,
  opsApiKeys,
  optionGroups,
  options,
  partnerHosts,
  partners,
  products,
  promoCodes,
  vendorCategories,
  vendors,
} from "../db/schema.ts";
import type { MediaStore } from "../media/media-store.ts";
import { banners } from "./content/banners.ts";
import { categories } from "./content/categories.ts";
import { localities } from "./content/localities.ts";
import { menus } from "./content/menus.ts";
import { contentPages as pages } from "./content/pages.ts";
import { PROMO_DESCRIPTIONS, SERVICE_FEE_DESCRIPTION } from "./content/promo-codes.ts";
import { REFERRAL_DESCRIPTIONS } from "./content/referral.ts";
import type { ContentPageTemplate, HoursKind, LocalityTemplate, MenuTemplate } from "./content/types.ts";
import { counterPhone } from "./counter-phones.ts";
import { type DemoSecrets, demoOpsKeyRows } from "./demo-secrets.ts";
import { ensureDemoStaff } from "./demo-staff.ts";
import { DEMO_PARTNER, SUSPENDED_PARTNER, SUSPENDED_PARTNER_HOST } from "./partner.ts";
import { drawPicture, type PictureRequest } from "./pictures.ts";
import {
  LISBOA,
  SECOND_BRAND,
  SECOND_BRAND_COURIERS,
  SECOND_BRAND_HOST,
  SECOND_BRAND_PAGES,
  SECOND_BRAND_STAFF,
} from "./second-brand.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export function hoursOf(kind: HoursKind): WorkingInterval[] {
  switch (kind) {
    case "REGULAR":
      return weeklySchedule({ from: "10:00", until: "22:00" });
    case "LONG":
      return weeklySchedule({ from: "08:00", until: "23:00" });
    case "OVERNIGHT":
      return weeklySchedule({ from: "18:00", until: "04:00" });
    case "BREAKFAST":
      return weeklySchedule({ from: "07:00", until: "15:00" });
    case "WEEKDAYS":
      return [
        ...weeklySchedule({ from: "09:00", until: "20:00" }, WEEK_DAYS.slice(0, 5)),
        { day: "SATURDAY", from: "10:00", until: "18:00" },
      ];
    case "ALWAYS":
      return weeklySchedule({ from: "00:00", until: "24:00" });
    case "CLOSED":
      return [];
  }
}

/** Draws every picture the content needs once, memoised by what it shows. */
function pictureMaker(tx: Transaction, media: MediaStore) {
  const made = new Map<string, Promise<number>>();
  return (request: PictureRequest): Promise<number> => {
    const key = JSON.stringify(request);
    let id = made.get(key);
    if (!id) {
      id = (async () => {
        const picture = await drawPicture(media, request);
        const [row] = await tx
          .insert(images)
          .values(picture)
          .onConflictDoUpdate({ target: images.basePath, set: { source: picture.source } })
          .returning({ id: images.id });
        return (row as { id: number }).id;
      })();
      made.set(key, id);
    }
    return id;
  };
}

/** Value added tax, included in menu prices as in the EU; Iraq charges none on food delivery. */
const VAT_BY_COUNTRY: Record<string, Array<{ name: string; rateBasisPoints: number; included: boolean }>> = {
  LV: [{ name: "PVN", rateBasisPoints: 2100, included: true }],
  UA: [{ name: "ПДВ", rateBasisPoints: 2000, included: true }],
};

/** One promo code of each type, and two that fail their checks, in every locality. */
function promoCodesOf(locality: LocalityTemplate) {
  return [
    {
      code: "WELCOME5",
      type: "FIXED" as const,
      value: localPrice(locality, 5),
      minCartTotal: localPrice(locality, 15),
      description: PROMO_DESCRIPTIONS.WELCOME5,
    },
    {
      code: "SAVE10",
      type: "PERCENT" as const,
      value: 10,
      maxDiscount: localPrice(locality, 10),
      description: PROMO_DESCRIPTIONS.SAVE10,
    },
    {
      code: "FREESHIP",
      type: "FREE_DELIVERY" as const,
      description: PROMO_DESCRIPTIONS.FREESHIP,
    },
    {
      code: "SUMMER",
      type: "PERCENT" as const,
      value: 15,
      validUntil: new Date(Date.UTC(2025, 8, 1)),
      description: PROMO_DESCRIPTIONS.SUMMER,
    },
    {
      code: "LAUNCH",
      type: "FIXED" as const,
      value: localPrice(locality, 3),
      maxUses: 100,
      uses: 100,
      validFrom: new Date(Date.UTC(2026, 0, 1)),
      description: PROMO_DESCRIPTIONS.LAUNCH,
    },
  ];
}

function localPrice(locality: LocalityTemplate, euros: number): number {
  const step = toMinorUnits(locality.priceStep, locality.currencyCode);
  return Math.max(step, roundToStep(toMinorUnits(euros * locality.priceFactor, locality.currencyCode), step));
}

function localMajor(locality: LocalityTemplate, euros: number): number {
  return toMajorUnits(localPrice(locality, euros), locality.currencyCode);
}

async function seedLocality(
  tx: Transaction,
  draw: (request: PictureRequest) => Promise<number>,
  partner: { id: number; brandColour: string },
  template: LocalityTemplate,
  sort: number,
): Promise<void> {
  const partnerId = partner.id;
  const [locality] = await tx
    .insert(localityTable)
    .values({
      partnerId,
      code: template.code,
      name: template.name,
      timeZone: template.timeZone,
      currencyCode: template.currencyCode,
      countryCode: template.countryCode,
      lang: template.lang,
      deliveryZone: template.zone.map(([lat, lng]) => [lng, lat] as [number, number]),
      centerLatitude: template.center[0],
      centerLongitude: template.center[1],
      sort,
      params: {
        minOrderPrice: localPrice(template, 8),
        preOrderPeriod: { type: "DAYS", value: 4 },
        receiptTypes: ["DELIVERY", "TAKEAWAY"],
        paymentTypes: ["CASH", "ONLINE"],
        showStoredCards: true,
        tipSettings: {
          enabled: true,
          tipMax: localMajor(template, 20),
          tipStep: template.priceStep,
          tipValues: [1, 2, 5].map((euros) => localMajor(template, euros)),
        },
        customerAuthOtpProvider: "INTERNAL",
        referral: {
          enabled: true,
          discountDescription: REFERRAL_DESCRIPTIONS.discount,
          bonusDescription: REFERRAL_DESCRIPTIONS.bonus,
        },
        deliveryPricing: {
          includedKm: 2,
          perKmMinor: localPrice(template, 0.4),
          stepMinor: toMinorUnits(template.priceStep, template.currencyCode),
        },
        freeDeliveryFromMinor: localPrice(template, 40),
        serviceFees: [
          {
            name: null,
            description: SERVICE_FEE_DESCRIPTION,
            fixedMinor: localPrice(template, 0.5),
            basisPoints: 0,
          },
        ],
        taxes: VAT_BY_COUNTRY[template.countryCode] ?? [],
        maxCashOrderMinor: localPrice(template, 150),
      },
    })
    .returning();
  if (!locality) throw new Error(`locality ${template.code} was not stored`);

  // Categories: parents first so children can point at them.
  const categoryIds = new Map<string, number>();
  for (const pass of [false, true]) {
    for (const [index, category] of categories.entries()) {
      if (Boolean(category.parent) !== pass) continue;
      const [row] = await tx
        .insert(categoryTable)
        .values({
          partnerId,
          localityId: locality.id,
          parentId: category.parent ? (categoryIds.get(category.parent) ?? null) : null,
          key: category.key,
          name: category.name,
          imageId: await draw({ kind: "category", icons: [category.icon], colour: partner.brandColour }),
          top: category.top ?? false,
          sort: index,
        })
        .returning({ id: categoryTable.id });
      categoryIds.set(category.key, (row as { id: number }).id);
    }
  }

  const vendorIds: number[] = [];
  for (const [index, vendor] of template.vendors.entries()) {
    const menu = menus.find((m) => m.key === vendor.menu);
    if (!menu) throw new Error(`vendor ${vendor.name} names an unknown menu ${vendor.menu}`);
    const [row] = await tx
      .insert(vendors)
      .values({
        partnerId,
        localityId: locality.id,
        name: vendor.name,
        description: menu.description,
        vendorType: menu.vendorType,
        street: vendor.street,
        houseNumber: vendor.houseNumber,
        phone: counterPhone(template.countryCode, index),
        city: template.city,
        country: template.country,
        latitude: vendor.position[0],
        longitude: vendor.position[1],
        // Vendors sharing a menu get their own cover: the icons turn round by the vendor's place in the list.
        imageId: await draw({
          kind: "cover",
          icons: rotate(menu.coverIcons, index),
          colour: menu.colour,
        }),
        avatarId: await draw({
          kind: "avatar",
          icons: rotate(menu.coverIcons, index).slice(0, 1),
          colour: menu.colour,
        }),
        rating: vendor.rating,
        ratingsCount: vendor.ratingsCount,
        workingHours: hoursOf(vendor.hours),
        receiptTypes: vendor.takeawayOnly ? ["TAKEAWAY"] : ["DELIVERY", "TAKEAWAY"],
        cookingMinutesMin: menu.cookingMinutes[0],
        cookingMinutesMax: menu.cookingMinutes[1],
        deliveryFee: vendor.deliveryFee === 0 ? 0 : localPrice(template, vendor.deliveryFee),
        minOrderPrice: menu.vendorType === "STORE" ? localPrice(template, 10) : localPrice(template, 8),
        allowsCutlery: menu.vendorType === "RESTAURANT",
        maxCutlery: menu.vendorType === "RESTAURANT" ? 10 : null,
        sort: index,
      })
      .returning({ id: vendors.id });
    const vendorId = (row as { id: number }).id;
    vendorIds.push(vendorId);
    await tx
      .insert(vendorCategories)
      .values(menu.categories.map((key) => ({ vendorId, categoryId: categoryIds.get(key) as number })));
    await seedMenu(tx, draw, template, vendorId, menu);
  }

  await tx
    .insert(promoCodes)
    .values(promoCodesOf(template).map((promo) => ({ ...promo, partnerId, localityId: locality.id })));

  for (const [index, banner] of (banners[template.code] ?? []).entries()) {
    await tx.insert(bannerTable).values({
      partnerId,
      localityId: locality.id,
      spot: "top",
      title: banner.title,
      imageId: await draw({ kind: "banner", icons: [banner.icon], colour: banner.colour }),
      vendorId: vendorIds[banner.vendorIndex] ?? null,
      sort: index,
    });
  }
}

function rotate<T>(items: readonly T[], by: number): T[] {
  const shift = items.length === 0 ? 0 : by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

async function seedMenu(
  tx: Transaction,
  draw: (request: PictureRequest) => Promise<number>,
  locality: LocalityTemplate,
  vendorId: number,
  menu: MenuTemplate,
): Promise<void> {
  for (const [sectionIndex, section] of menu.sections.entries()) {
    const [sectionRow] = await tx
      .insert(catalogueSections)
      .values({
        vendorId,
        name: section.name,
        sort: sectionIndex,
        workingHours: section.hours ? weeklySchedule(section.hours) : null,
        imageOrientation: "LANDSCAPE",
      })
      .returning({ id: catalogueSections.id });
    const sectionId = (sectionRow as { id: number }).id;
    for (const [productIndex, product] of section.products.entries()) {
      const price = localPrice(locality, product.price);
      const step = toMinorUnits(locality.priceStep, locality.currencyCode);
      const [productRow] = await tx
        .insert(products)
        .values({
          vendorId,
          sectionId,
          name: product.name,
          description: product.description,
          imageId: await draw({ kind: "product", icons: [product.icon], colour: menu.colour }),
          price,
          discountPrice: product.discountPercent
            ? Math.max(step, roundToStep((price * (100 - product.discountPercent)) / 100, step))
            : null,
          weight: product.weight,
          weightUnit: product.unit,
          attributes: product.liquid ? ["LIQUID"] : [],
          tags: product.tags ?? [],
          allergens: product.allergens,
          spicyLevel: product.spicyLevel ?? 0,
          nutritionFacts: product.nutrition ?? null,
          sort: productIndex,
          popular: product.popular ?? false,
        })
        .returning({ id: products.id });
      const productId = (productRow as { id: number }).id;
      for (const [groupIndex, group] of (product.optionGroups ?? []).entries()) {
        const [groupRow] = await tx
          .insert(optionGroups)
          .values({
            productId,
            name: group.name,
            required: group.required,
            multiSelection: group.multiSelection,
            maxCount: group.maxCount,
            sort: groupIndex,
          })
          .returning({ id: optionGroups.id });
        await tx.insert(options).values(
          group.options.map((option, optionIndex) => ({
            groupId: (groupRow as { id: number }).id,
            name: option.name,
            price: option.price === 0 ? 0 : localPrice(locality, option.price),
            sort: optionIndex,
          })),
        );
      }
    }
  }
}

/**
 * Fills an empty database with the demo partner, its localities, vendors, menus, banners and pages,
 * and the demo's second brand on its own host (second-brand.ts).
 * Runs in one transaction, so a crash leaves nothing half-made; a database that already has the demo
 * partner is left alone. Returns whether it seeded.
 */
export async function seedDemoData(
  db: Database,
  options: { media: MediaStore; secrets: DemoSecrets; log?: Pick<FastifyBaseLogger, "info"> },
): Promise<boolean> {
  const [existing] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.code, DEMO_PARTNER.code));
  if (existing) return false;
  options.log?.info("seeding demo data (pictures are drawn once into the media store)");
  await db.transaction(async (tx) => {
    const externalAuthSecret = options.secrets.externalSignInSecret;
    const [partner] = await tx
      .insert(partners)
      .values({ ...DEMO_PARTNER, settings: { ...DEMO_PARTNER.settings, externalAuthSecret } })
      .returning({ id: partners.id });
    const partnerId = (partner as { id: number }).id;
    const [suspended] = await tx
      .insert(partners)
      .values({ ...SUSPENDED_PARTNER, settings: { ...SUSPENDED_PARTNER.settings, externalAuthSecret } })
      .returning({ id: partners.id });
    await tx
      .insert(partnerHosts)
      .values({ host: SUSPENDED_PARTNER_HOST, partnerId: (suspended as { id: number }).id });
    const draw = pictureMaker(tx, options.media);
    for (const [index, locality] of localities.entries())
      await seedLocality(
        tx,
        draw,
        { id: partnerId, brandColour: DEMO_PARTNER.settings.brandColour },
        locality,
        index,
      );
    await tx.insert(contentPages).values(pagesOf(partnerId, pages));
    // The delivery simulator and a demo courier move orders through the ops API with these.
    await tx.insert(opsApiKeys).values(demoOpsKeyRows(partnerId, options.secrets.opsKeys));
    // The console's accounts, one per role, and the couriers a dispatcher assigns.
    await ensureDemoStaff(tx, partnerId, options.secrets.staffPassword);
    await seedSecondBrand(tx, draw, options.secrets.staffPassword);
    // What search finds every vendor and dish by, made from their names as written above.
    await fillMissingSearchTexts(tx);
  });
  return true;
}

function pagesOf(partnerId: number, templates: ContentPageTemplate[]) {
  return templates.map((page, index) => ({
    partnerId,
    slug: page.slug,
    title: page.title,
    body: page.body,
    sort: index,
  }));
}

/** The demo's second brand on its own host, with its city, vendors, page, staff and couriers. */
async function seedSecondBrand(
  tx: Transaction,
  draw: (request: PictureRequest) => Promise<number>,
  staffPassword: string,
): Promise<void> {
  const [partner] = await tx.insert(partners).values(SECOND_BRAND).returning({ id: partners.id });
  const partnerId = (partner as { id: number }).id;
  await seedLocality(tx, draw, { id: partnerId, brandColour: SECOND_BRAND.settings.brandColour }, LISBOA, 0);
  await tx.insert(contentPages).values(pagesOf(partnerId, SECOND_BRAND_PAGES));
  await tx.insert(partnerHosts).values({ host: SECOND_BRAND_HOST, partnerId });
  await ensureDemoStaff(tx, partnerId, staffPassword, {
    staff: SECOND_BRAND_STAFF,
    couriers: SECOND_BRAND_COURIERS,
  });
}
