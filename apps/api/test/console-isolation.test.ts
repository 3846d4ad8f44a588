import { consoleEndpoints, type Endpoint } from "@storefront/domain/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findStaffByEmail } from "../src/console/staff-repository.ts";
import { keepDeliveryProof } from "../src/couriers/delivery-proofs-repository.ts";
import { DEMO_COURIERS } from "../src/seed/demo-staff.ts";
import { type OpenVendor, openRestaurants } from "./cart-helpers.ts";
import { consoleCall, consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { addPartner, customer, placeOrder } from "./order-helpers.ts";

/**
 * Every operation of the console's API, aimed at vendor A of the demo partner by two outsiders:
 * the staff of the partner's vendor B, and the owner of another partner. Neither reads anything of
 * A's nor changes it; a new console route without a row here fails the completeness test.
 */

const NOW = new Date("2026-11-23T12:00:00Z");

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Outsider = "kitchenB" | "otherOwner";
const OUTSIDERS: readonly Outsider[] = ["kitchenB", "otherOwner"];

/** Names only A's resources carry, so an answer that shows one of them shows A's data. */
const OF_A = {
  vendorName: "Izolācijas virtuve A",
  sectionName: "Izolācijas sadaļa A",
  productName: "Izolācijas zupa A",
  promoCode: "ISOLATIONA",
  staffEmail: "kitchen-a@isolation.example",
};

/** The console's operations that concern only the caller's own account and need no resource. */
const OWN_ACCOUNT: Record<string, string> = {
  "POST /api/console/session": "signs in: the e-mail and password name the account",
  "DELETE /api/console/session": "signs the caller's own session out",
  "GET /api/console/me": "the caller's own account",
  "PUT /api/console/me/locale": "the caller's own console language",
  "POST /api/console/password": "sets a password from a one-time link, without a session",
  "POST /api/console/password-reset": "asks for a link by e-mail, without a session; always 204",
  "GET /api/console/live":
    "a WebSocket, not a call; console.test.ts keeps vendor B's staff and another partner off A's orders there",
};

let t: TestApp;
const staff: Record<"owner" | Outsider, string> = { owner: "", kitchenB: "", otherOwner: "" };

/** The demo partner's resources of vendor A (and its locality and couriers), and vendor B. */
let a: {
  vendorId: number;
  sectionId: number;
  productId: number;
  orderId: number;
  promoCodeId: number;
  localityCode: string;
  courierId: number;
  customerPhone: string;
  productPrice: number;
  pageId: number;
  bannerId: number;
  categoryId: number;
};
let vendorB: OpenVendor;
/** A picture as an editor uploads it. */
let png: Buffer;

/** What only A has: none of it may appear in an outsider's answer. */
const marksOfA = () => [...Object.values(OF_A), a.customerPhone];
/** The demo partner's own (its locality, its couriers): its vendor staff read them, another partner may not. */
const marksOfPartner = () => ['"riga"', PLATFORM_NAME, ...DEMO_COURIERS.map((courier) => courier.name)];
/** The demo partner's platform name while the table runs (another partner's brand starts as a copy of the demo's). */
const PLATFORM_NAME = "Izolācijas zīmols";
/** A's audited things by entity, so an audit page can be searched for them. */
const entitiesOfA = (): Record<string, number> => ({
  vendor: a.vendorId,
  section: a.sectionId,
  product: a.productId,
  order: a.orderId,
  "promo-code": a.promoCodeId,
});

const asOwner = (endpoint: Endpoint, payload?: object) =>
  consoleEndpointCall(t, staff.owner, endpoint, payload);

/** A's product as a new draft of the section given: a plain dish over A's minimum order. */
const dishOfA = (sectionId: number, name = OF_A.productName) => ({
  sectionId,
  name: { lv: name },
  price: a.productPrice,
  weight: 350,
  weightUnit: "g",
});

/** A's menu turned upside down: every section and product once, so a valid new order. */
async function menuOfAReversed() {
  const { body } = await asOwner(consoleEndpoints.menu(a.vendorId));
  return {
    sections: body.sections
      .map((section: { id: number; products: Array<{ id: number }> }) => ({
        id: section.id,
        productIds: section.products.map((product) => product.id).reverse(),
      }))
      .reverse(),
  };
}

const PHOTO = "photo" as const;
// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
type Answer = any;

interface Row {
  /** The operation as the routes write it. */
  operation: `${Method} /api/console/${string}`;
  /** The path's params, aimed at A's resource. */
  params?: () => Record<string, string | number>;
  /** The query string, aimed at A's resource. */
  query?: () => string;
  /** A body the API takes from A's own owner (PHOTO: a PNG picture). */
  body?: () => object | typeof PHOTO | Promise<object>;
  /** What the demo's owner gets with the same call (run last, as a check that the row's call is valid). */
  owner: number;
  kitchenB: number;
  otherOwner: number;
  /** A 400's field, naming which part of the body was refused. */
  field?: string;
  /** The partner's data that all its members read: vendor B's staff may see it, another partner may not. */
  partnerWide?: true;
  /** Of a list answer: whatever of A it shows. */
  listed?: (body: Answer) => unknown[];
  /** Of a write: A's resource as the demo's owner reads it, the same after the outsiders' tries. */
  stateOfA?: () => Promise<unknown>;
}

const productOfA = async () => (await asOwner(consoleEndpoints.product(a.productId))).body;
const menuOfA = async () => (await asOwner(consoleEndpoints.menu(a.vendorId))).body;
const vendorOfA = async () => (await asOwner(consoleEndpoints.vendor(a.vendorId))).body;
const orderOfA = async () => (await asOwner(consoleEndpoints.order(a.orderId))).body;
const promoCodesOfPartner = async () => (await asOwner(consoleEndpoints.promoCodes(null))).body;
const localitiesOfPartner = async () => (await asOwner(consoleEndpoints.localities())).body;
const citySettingsOfPartner = async () => (await asOwner(consoleEndpoints.citySettings(a.localityCode))).body;
const categoriesOfPartner = async () => (await asOwner(consoleEndpoints.categories(a.localityCode))).body;
/** A category with none under it: one that may be deleted. */
const childlessCategory = ({ categories }: { categories: Array<{ id: number; parentId: number | null }> }) =>
  (categories.find((one) => !categories.some((other) => other.parentId === one.id)) as { id: number }).id;
const bannersOfPartner = async () => (await asOwner(consoleEndpoints.banners(a.localityCode))).body;
const couriersOfPartner = async () => (await asOwner(consoleEndpoints.couriers())).body;
const pagesOfPartner = async () => (await asOwner(consoleEndpoints.pages())).body;
const pageOfPartner = async () => (await asOwner(consoleEndpoints.page(a.pageId))).body;
/** A page as its editor sends it. */
const pageDraft = (slug: string) => ({
  slug,
  title: { lv: "Izolācijas lapa" },
  body: { lv: "<p>Izolācija.</p>" },
  visible: true,
});
const brandOfPartner = async () => (await asOwner(consoleEndpoints.brand())).body;
/** The demo partner's offers wait 47 seconds (set below): another partner's its own 45. */
const DEMO_OFFER_SECONDS = 47;
const dispatchOfPartner = async () => (await asOwner(consoleEndpoints.dispatchSettings())).body;
/** The demo partner's brand as a form sends it back, under another name (the mark is the demo's own). */
const brandDraft = async () => {
  const {
    logoUrl: _logo,
    socialImageUrl: _social,
    socialPreviewUrl: _preview,
    ...draft
  } = await brandOfPartner();
  return { ...draft, platformName: "Cits zīmols" };
};
const productOfB = () => (vendorB.products[0] as { id: number }).id;

const ROWS: Row[] = [
  {
    operation: "GET /api/console/reports",
    query: () => `from=2026-11-23&to=2026-11-23&localityCode=${a.localityCode}&vendorId=${a.vendorId}`,
    owner: 200,
    kitchenB: 403,
    // Another partner has no Riga: its report of A's city is a 404.
    otherOwner: 404,
    listed: (body) => (body.totals.orders > 0 ? [body.totals] : []),
  },
  {
    operation: "GET /api/console/reports/funnel",
    query: () => `from=2026-11-23&to=2026-11-23&localityCode=${a.localityCode}`,
    owner: 200,
    kitchenB: 403,
    // Another partner has no Riga: its funnel of A's city is a 404.
    otherOwner: 404,
  },
  {
    operation: "GET /api/console/pages",
    owner: 200,
    kitchenB: 403,
    otherOwner: 200,
    partnerWide: true,
    listed: (body) => body.pages.filter((page: { id: number }) => page.id === a.pageId),
  },
  {
    operation: "GET /api/console/pages/:id",
    params: () => ({ id: a.pageId }),
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    listed: (body) => (body.id === a.pageId ? [body] : []),
  },
  {
    operation: "POST /api/console/pages",
    body: () => pageDraft("izolacija"),
    owner: 201,
    kitchenB: 403,
    // Another partner's owner adds a page of their own partner.
    otherOwner: 201,
    stateOfA: pagesOfPartner,
  },
  {
    operation: "PUT /api/console/pages/:id",
    params: () => ({ id: a.pageId }),
    body: async () => ({ ...pageDraft((await pageOfPartner()).slug) }),
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: pageOfPartner,
  },
  {
    operation: "GET /api/console/brand",
    owner: 200,
    kitchenB: 403,
    // Another partner's owner reads their own brand.
    otherOwner: 200,
    partnerWide: true,
  },
  {
    operation: "GET /api/console/dispatch",
    owner: 200,
    kitchenB: 403,
    // Another partner's owner reads their own settings.
    otherOwner: 200,
    partnerWide: true,
    listed: (body) => (body?.offerSeconds === DEMO_OFFER_SECONDS ? [body] : []),
  },
  {
    operation: "PUT /api/console/dispatch",
    body: () => ({ offerSeconds: DEMO_OFFER_SECONDS }),
    owner: 200,
    kitchenB: 403,
    // Another partner's owner changes their own settings, not the demo's.
    otherOwner: 200,
    stateOfA: dispatchOfPartner,
  },
  {
    operation: "PUT /api/console/brand",
    body: brandDraft,
    owner: 200,
    kitchenB: 403,
    // Another partner's owner changes their own brand, not the demo's.
    otherOwner: 200,
    stateOfA: brandOfPartner,
  },
  {
    operation: "PUT /api/console/brand/:kind",
    params: () => ({ kind: "logo" }),
    body: () => PHOTO,
    owner: 200,
    kitchenB: 403,
    otherOwner: 200,
    stateOfA: brandOfPartner,
  },
  {
    operation: "GET /api/console/orders",
    owner: 200,
    kitchenB: 200,
    otherOwner: 200,
    listed: (body) => body.content.filter((order: { id: number }) => order.id === a.orderId),
  },
  {
    operation: "GET /api/console/orders/:id",
    params: () => ({ id: a.orderId }),
    owner: 200,
    kitchenB: 404,
    otherOwner: 404,
  },
  {
    operation: "GET /api/console/orders/:id/delivery-photo",
    params: () => ({ id: a.orderId }),
    owner: 200,
    kitchenB: 404,
    otherOwner: 404,
    listed: (body) => (body?.contentType === "image/webp" ? [body] : []),
  },
  {
    operation: "POST /api/console/orders/:id/:action",
    params: () => ({ id: a.orderId, action: "accept" }),
    body: () => ({ preparationMinutes: 15 }),
    owner: 200,
    kitchenB: 404,
    otherOwner: 404,
    stateOfA: orderOfA,
  },
  {
    operation: "POST /api/console/orders/:id/refunds",
    params: () => ({ id: a.orderId }),
    body: () => ({
      amount: 1,
      reason: "A missing drink",
      requestKey: "6f1c3c4e-5d4b-4c2a-9a57-3f1f5e0c2b11",
    }),
    // A's order is paid in cash: nothing to refund, even for its own owner.
    owner: 409,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: orderOfA,
  },
  {
    operation: "POST /api/console/orders/:id/courier",
    params: () => ({ id: a.orderId }),
    body: () => ({ courierId: a.courierId }),
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: orderOfA,
  },
  {
    operation: "GET /api/console/couriers",
    owner: 200,
    kitchenB: 403,
    otherOwner: 200,
    partnerWide: true,
    listed: (body) => body.couriers.filter((courier: { id: number }) => courier.id === a.courierId),
  },
  {
    operation: "POST /api/console/couriers",
    body: () => ({ name: "Izolācijas kurjers", phone: "+371 2000 0123" }),
    owner: 201,
    kitchenB: 403,
    // Another partner's owner adds a courier to their own partner's list, not to A's.
    otherOwner: 201,
    stateOfA: couriersOfPartner,
  },
  {
    operation: "PATCH /api/console/couriers/:id",
    params: () => ({ id: a.courierId }),
    body: () => ({ active: true }),
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: couriersOfPartner,
  },
  {
    operation: "POST /api/console/couriers/:id/cash-handed-in",
    params: () => ({ id: a.courierId }),
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: couriersOfPartner,
  },
  {
    operation: "GET /api/console/vendors/:id/menu",
    params: () => ({ id: a.vendorId }),
    owner: 200,
    kitchenB: 404,
    otherOwner: 404,
  },
  {
    operation: "GET /api/console/products/:id",
    params: () => ({ id: a.productId }),
    owner: 200,
    kitchenB: 404,
    otherOwner: 404,
  },
  {
    operation: "POST /api/console/vendors/:id/products",
    params: () => ({ id: a.vendorId }),
    body: () => dishOfA(a.sectionId, "Svešs ēdiens"),
    owner: 201,
    kitchenB: 404,
    otherOwner: 404,
    stateOfA: menuOfA,
  },
  {
    operation: "PUT /api/console/products/:id",
    params: () => ({ id: a.productId }),
    body: () => dishOfA(a.sectionId, "Pārdēvēta zupa"),
    owner: 200,
    kitchenB: 404,
    otherOwner: 404,
    stateOfA: productOfA,
  },
  {
    operation: "POST /api/console/vendors/:id/sections",
    params: () => ({ id: a.vendorId }),
    body: () => ({ name: { lv: "Sveša sadaļa" } }),
    owner: 201,
    kitchenB: 404,
    otherOwner: 404,
    stateOfA: menuOfA,
  },
  {
    operation: "PATCH /api/console/sections/:id",
    params: () => ({ id: a.sectionId }),
    body: () => ({ name: { lv: "Pārdēvēta sadaļa" }, visible: false }),
    owner: 200,
    kitchenB: 404,
    otherOwner: 404,
    stateOfA: menuOfA,
  },
  {
    operation: "PUT /api/console/vendors/:id/menu/arrangement",
    params: () => ({ id: a.vendorId }),
    body: menuOfAReversed,
    owner: 204,
    kitchenB: 404,
    otherOwner: 404,
    stateOfA: menuOfA,
  },
  {
    operation: "PATCH /api/console/products/:id",
    params: () => ({ id: a.productId }),
    body: () => ({ price: 1, available: false, visible: false }),
    owner: 200,
    kitchenB: 404,
    otherOwner: 404,
    stateOfA: productOfA,
  },
  {
    operation: "PUT /api/console/products/:id/photo",
    params: () => ({ id: a.productId }),
    body: () => PHOTO,
    owner: 200,
    kitchenB: 404,
    otherOwner: 404,
    stateOfA: productOfA,
  },
  {
    operation: "GET /api/console/audit",
    owner: 200,
    kitchenB: 403,
    otherOwner: 200,
    partnerWide: true,
    listed: (body) =>
      body.entries.filter(
        (entry: { entity: string; entityId: number }) => entitiesOfA()[entry.entity] === entry.entityId,
      ),
  },
  {
    operation: "POST /api/console/vendors",
    body: () => ({
      name: "Izolācijas virtuve C",
      vendorType: "RESTAURANT",
      localityCode: a.localityCode,
      street: "Brīvības iela",
      houseNumber: "1",
      latitude: 56.9496,
      longitude: 24.1052,
    }),
    owner: 201,
    // Vendor staff add no vendors; another partner's owner names a city that is not theirs.
    kitchenB: 403,
    otherOwner: 400,
    field: "localityCode",
    stateOfA: async () => (await asOwner(consoleEndpoints.me())).body.vendors,
  },
  {
    operation: "GET /api/console/vendors/:id",
    params: () => ({ id: a.vendorId }),
    owner: 200,
    kitchenB: 404,
    otherOwner: 404,
  },
  {
    operation: "PATCH /api/console/vendors/:id",
    params: () => ({ id: a.vendorId }),
    body: () => ({ name: "Pārņemta virtuve", minOrderPrice: 0, workingHours: [] }),
    owner: 200,
    kitchenB: 404,
    otherOwner: 404,
    stateOfA: vendorOfA,
  },
  {
    operation: "PUT /api/console/vendors/:id/pictures/:kind",
    params: () => ({ id: a.vendorId, kind: "cover" }),
    body: () => PHOTO,
    owner: 200,
    kitchenB: 404,
    otherOwner: 404,
    stateOfA: vendorOfA,
  },
  {
    operation: "GET /api/console/localities",
    owner: 200,
    kitchenB: 200,
    otherOwner: 200,
    partnerWide: true,
    listed: (body) =>
      body.localities.filter((locality: { code: string }) => locality.code === a.localityCode),
  },
  {
    operation: "POST /api/console/localities",
    body: () => ({
      // A's own code: another partner's city of that code is its own, not A's.
      code: "izolacija",
      name: "Izolācija",
      lang: "lv",
      currencyCode: "EUR",
      countryCode: "LV",
      timeZone: "Europe/Riga",
      center: { latitude: 56.5, longitude: 21 },
      radiusKm: 5,
    }),
    owner: 201,
    kitchenB: 403,
    // Another partner's owner adds a city of their own partner.
    otherOwner: 201,
    stateOfA: localitiesOfPartner,
  },
  {
    operation: "PUT /api/console/localities/:code/zone",
    params: () => ({ code: a.localityCode }),
    body: () => ({
      zone: [
        { latitude: 56.945, longitude: 24.1 },
        { latitude: 56.945, longitude: 24.115 },
        { latitude: 56.955, longitude: 24.107 },
      ],
    }),
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: localitiesOfPartner,
  },
  {
    operation: "GET /api/console/localities/:code/settings",
    params: () => ({ code: a.localityCode }),
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
  },
  {
    operation: "PUT /api/console/localities/:code/settings",
    params: () => ({ code: a.localityCode }),
    body: async () => {
      const { code: _code, name: _name, ...settings } = await citySettingsOfPartner();
      return { ...settings, minOrderPrice: 3 };
    },
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: citySettingsOfPartner,
  },
  {
    operation: "GET /api/console/banners",
    query: () => `localityCode=${a.localityCode}`,
    owner: 200,
    kitchenB: 403,
    // Another partner has no Riga.
    otherOwner: 404,
    listed: (body) => body.banners.filter((banner: { id: number }) => banner.id === a.bannerId),
  },
  {
    operation: "POST /api/console/banners",
    query: () => `localityCode=${a.localityCode}`,
    body: () => PHOTO,
    owner: 201,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: bannersOfPartner,
  },
  {
    operation: "PUT /api/console/banners/:id",
    params: () => ({ id: a.bannerId }),
    body: () => ({ title: { lv: "Izolācijas reklāma" }, vendorId: null, url: null, visible: true, sort: 5 }),
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: bannersOfPartner,
  },
  {
    operation: "PUT /api/console/banners/:id/picture",
    params: () => ({ id: a.bannerId }),
    body: () => PHOTO,
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: bannersOfPartner,
  },
  {
    operation: "DELETE /api/console/banners/:id",
    params: () => ({ id: a.bannerId }),
    owner: 204,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: bannersOfPartner,
  },
  {
    operation: "GET /api/console/categories",
    query: () => `localityCode=${a.localityCode}`,
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    listed: (body) => body.categories.filter((category: { id: number }) => category.id === a.categoryId),
  },
  {
    operation: "POST /api/console/categories",
    query: () => `localityCode=${a.localityCode}`,
    body: () => ({ name: { lv: "Izolācijas kategorija" }, parentId: null, top: false, sort: 3 }),
    owner: 201,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: categoriesOfPartner,
  },
  {
    operation: "PUT /api/console/categories/:id",
    params: () => ({ id: a.categoryId }),
    body: () => ({ name: { lv: "Izolācijas kategorija A" }, parentId: null, top: true, sort: 4 }),
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: categoriesOfPartner,
  },
  {
    operation: "PUT /api/console/categories/:id/picture",
    params: () => ({ id: a.categoryId }),
    body: () => PHOTO,
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: categoriesOfPartner,
  },
  {
    operation: "DELETE /api/console/categories/:id",
    params: () => ({ id: a.categoryId }),
    owner: 204,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: categoriesOfPartner,
  },
  {
    operation: "GET /api/console/promo-codes",
    owner: 200,
    kitchenB: 403,
    otherOwner: 200,
    partnerWide: true,
    listed: (body) =>
      body.promoCodes.filter(
        (code: { id: number; vendor: { id: number } | null }) =>
          code.id === a.promoCodeId || code.vendor?.id === a.vendorId,
      ),
  },
  {
    operation: "POST /api/console/promo-codes",
    body: () => ({
      code: "FORA",
      localityCode: a.localityCode,
      type: "FIXED",
      value: 50,
      vendorId: a.vendorId,
    }),
    owner: 201,
    kitchenB: 403,
    // Another partner's locality is not theirs to name, nor its vendor.
    otherOwner: 400,
    field: "localityCode",
    stateOfA: promoCodesOfPartner,
  },
  {
    operation: "PATCH /api/console/promo-codes/:id",
    params: () => ({ id: a.promoCodeId }),
    body: () => ({ value: 50, maxUses: null, maxUsesPerCustomer: null }),
    owner: 200,
    kitchenB: 403,
    otherOwner: 404,
    stateOfA: promoCodesOfPartner,
  },
  {
    operation: "GET /api/console/staff",
    owner: 200,
    kitchenB: 403,
    otherOwner: 200,
    partnerWide: true,
    listed: (body) =>
      body.staff.filter(
        (member: { email: string; vendors: Array<{ id: number }> }) =>
          member.email === OF_A.staffEmail || member.vendors.some((vendor) => vendor.id === a.vendorId),
      ),
  },
  {
    operation: "POST /api/console/staff",
    body: () => ({
      email: "new-at-a@isolation.example",
      name: "Pie A",
      role: "VENDOR_STAFF",
      vendorIds: [a.vendorId],
    }),
    owner: 201,
    kitchenB: 403,
    // Vendor staff of another partner's vendor: an unknown vendor.
    otherOwner: 400,
    field: "vendorIds",
    stateOfA: async () => ({
      staff: (await asOwner(consoleEndpoints.staff())).body,
      invited: (await findStaffByEmail(t.database.db, "new-at-a@isolation.example")) !== null,
    }),
  },
];

/** A call aimed at A's resource: the operation, its params and its body. */
type Call = Pick<Row, "operation" | "params" | "query" | "body">;

/** The call with a member's cookie: its URL built from its params, its body sent as JSON or a picture. */
async function send(cookie: string, row: Call): Promise<{ status: number; body: Answer }> {
  const [method, template] = row.operation.split(" ") as [Method, string];
  const params = row.params?.() ?? {};
  const url = template.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${row.operation}: no value for :${name}`);
    return String(params[name]);
  });
  const query = row.query ? `?${row.query()}` : "";
  const body = await row.body?.();
  if (body !== PHOTO) return consoleCall(t, cookie, method, `${url}${query}`, body);
  const response = await t.app.inject({
    method,
    url: `${url}${query}`,
    headers: { cookie, "content-type": "image/png" },
    payload: png,
  });
  return { status: response.statusCode, body: response.json() };
}

/** What of A (and, to another partner, of the demo partner) an answer shows. */
function seenIn(answer: { status: number; body: Answer }, row: Row, who: Outsider | "owner"): unknown[] {
  const text = JSON.stringify(answer.body);
  const marks = who === "kitchenB" ? marksOfA() : [...marksOfA(), ...marksOfPartner()];
  const listed =
    answer.status === 200 && row.listed && !(who === "kitchenB" && row.partnerWide)
      ? row.listed(answer.body)
      : [];
  return [...marks.filter((mark) => text.includes(mark)), ...listed];
}

beforeAll(async () => {
  t = await startTestApp({ now: NOW });
  png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#16a085" } })
    .png()
    .toBuffer();
  const [vendorA, second] = (await openRestaurants(t.app, 2)) as [OpenVendor, OpenVendor];
  vendorB = second;
  staff.owner = await staffSession(t, "OWNER", "owner@isolation.example");
  staff.kitchenB = await staffSession(t, "VENDOR_STAFF", "kitchen-b@isolation.example", {
    vendorIds: [vendorB.id],
  });
  await addPartner(t, "other-isolation");
  staff.otherOwner = await staffSession(t, "OWNER", "owner@other-isolation.example", {
    partner: "other-isolation",
  });
  await staffSession(t, "VENDOR_STAFF", OF_A.staffEmail, { vendorIds: [vendorA.id] });

  const branded = await asOwner(consoleEndpoints.saveBrand(), {
    ...(await brandDraft()),
    platformName: PLATFORM_NAME,
  });
  expect(branded.status, JSON.stringify(branded.body)).toBe(200);
  const renamed = await asOwner(consoleEndpoints.updateVendor(vendorA.id), { name: OF_A.vendorName });
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  const section = await asOwner(consoleEndpoints.addSection(vendorA.id), {
    name: { lv: OF_A.sectionName },
  });
  expect(section.status, JSON.stringify(section.body)).toBe(201);
  const couriers = await asOwner(consoleEndpoints.couriers());
  const buyer = await customer(t);
  a = {
    vendorId: vendorA.id,
    sectionId: section.body.id,
    productId: 0,
    orderId: 0,
    promoCodeId: 0,
    localityCode: "riga",
    courierId: couriers.body.couriers[0].id,
    customerPhone: "",
    productPrice: Math.ceil(vendorA.minOrderPrice) + 5,
    pageId: (await asOwner(consoleEndpoints.pages())).body.pages[0].id,
    bannerId: (await asOwner(consoleEndpoints.banners("riga"))).body.banners[0].id,
    categoryId: childlessCategory((await asOwner(consoleEndpoints.categories("riga"))).body),
  };
  const product = await asOwner(consoleEndpoints.addProduct(vendorA.id), dishOfA(a.sectionId));
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  a.productId = product.body.id;
  a.orderId = (await placeOrder(t.app, buyer.session, vendorA.id, [{ productId: a.productId }])).id;
  // As if a courier had left it at the door: the photo only the partner's staff may see.
  const photo = await sharp(png).webp().toBuffer();
  await keepDeliveryProof(t.database.db, { orderId: a.orderId, photo, takenAt: new Date() });
  const placed = await orderOfA();
  expect(placed).toMatchObject({ status: "WAITING_APPROVAL", receiptType: "DELIVERY" });
  a.customerPhone = placed.customer.phone.replace("+", "");
  const promo = await asOwner(consoleEndpoints.addPromoCode(), {
    code: OF_A.promoCode,
    localityCode: a.localityCode,
    type: "FIXED",
    value: 2,
    vendorId: a.vendorId,
  });
  expect(promo.status, JSON.stringify(promo.body)).toBe(201);
  a.promoCodeId = promo.body.id;
  const dispatch = await asOwner(consoleEndpoints.saveDispatchSettings(), {
    offerSeconds: DEMO_OFFER_SECONDS,
  });
  expect(dispatch.status, JSON.stringify(dispatch.body)).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe("the console keeps A's data from vendor B's staff and from another partner", () => {
  it.each(ROWS)(
    "$operation: vendor B's staff $kitchenB, another partner's owner $otherOwner",
    async (row) => {
      const before = await row.stateOfA?.();
      for (const who of OUTSIDERS) {
        const answer = await send(staff[who], row);
        expect(answer.status, `${who}: ${JSON.stringify(answer.body)}`).toBe(row[who]);
        if (answer.status === 400) expect(answer.body.details?.[0]?.field, who).toBe(row.field);
        expect(seenIn(answer, row, who), `what ${who} saw of A`).toEqual([]);
      }
      if (row.stateOfA) expect(await row.stateOfA()).toEqual(before);
    },
  );

  it.each([
    {
      name: "B's product moved into A's section",
      operation: "PUT /api/console/products/:id",
      params: () => ({ id: productOfB() }),
      body: async () => ({
        ...(await asOwner(consoleEndpoints.product(productOfB()))).body,
        sectionId: a.sectionId,
      }),
      status: 400,
      field: "sectionId",
    },
    {
      name: "a product of B's made in A's section",
      operation: "POST /api/console/vendors/:id/products",
      params: () => ({ id: vendorB.id }),
      body: () => dishOfA(a.sectionId, "B ēdiens A sadaļā"),
      status: 400,
      field: "sectionId",
    },
    {
      name: "B's menu arranged with A's section and product",
      operation: "PUT /api/console/vendors/:id/menu/arrangement",
      params: () => ({ id: vendorB.id }),
      body: async () => {
        const { body } = await asOwner(consoleEndpoints.menu(vendorB.id));
        const sections = body.sections.map((section: { id: number; products: Array<{ id: number }> }) => ({
          id: section.id,
          productIds: section.products.map((product) => product.id),
        }));
        return { sections: [...sections, { id: a.sectionId, productIds: [a.productId] }] };
      },
      status: 409,
      field: undefined,
    },
  ] satisfies Array<Call & { name: string; status: number; field: string | undefined }>)(
    "refuses vendor B's staff $name ($status) and leaves A's menu",
    async ({ status, field, ...call }) => {
      const before = await menuOfA();
      const answer = await send(staff.kitchenB, call);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      if (field) expect(answer.body.details[0].field).toBe(field);
      expect(await menuOfA()).toEqual(before);
    },
  );
});

describe("the table", () => {
  it("names every operation of the console's API but those of the caller's own account", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const documented = Object.entries<Record<string, unknown>>(document.paths)
      .filter(([path]) => path.startsWith("/api/console/"))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
      );
    const rows = ROWS.map((row) => row.operation);
    expect(new Set(rows).size, "an operation with two rows").toBe(rows.length);
    const named = [...rows, ...Object.keys(OWN_ACCOUNT)];
    expect(
      documented.filter((operation) => !named.includes(operation)),
      "console operations without a row",
    ).toEqual([]);
    expect(
      rows.filter((operation) => !documented.includes(operation)),
      "rows of no operation",
    ).toEqual([]);
    // The document leaves out WebSocket routes: the live feed is named here by hand.
    expect(Object.keys(OWN_ACCOUNT).filter((operation) => !documented.includes(operation))).toEqual([
      "GET /api/console/live",
    ]);
  });

  // Last, since it changes A: the outsiders' calls are ones the API takes from A's own side.
  it("holds calls the demo's owner makes with the same bodies, and shows the owner A's data", async () => {
    for (const row of ROWS) {
      const answer = await send(staff.owner, row);
      expect(answer.status, `${row.operation}: ${JSON.stringify(answer.body)}`).toBe(row.owner);
      if (row.operation.startsWith("GET "))
        expect(
          seenIn(answer, row, "owner").length,
          `${row.operation} shows the owner A's data`,
        ).toBeGreaterThan(0);
    }
  });
});
