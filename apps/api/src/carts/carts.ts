import { randomUUID } from "node:crypto";
import { courierDetailsOf, isValidPreorderTime } from "@storefront/domain";
import type { cartLocationSchema, ErrorName, UpdateCart } from "@storefront/domain/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { findLocality, findLocalityById, type LocalityRow } from "../catalogue/localities.ts";
import { estimateVendorDelivery, vendorContext } from "../catalogue/vendors.ts";
import type { Database } from "../db/client.ts";
import { addresses, type CartAddressRow, carts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { mayUsePaymentMethod } from "../payments/saved-cards.ts";
import type { Partner } from "../plugins/partner.ts";
import { loadMenuFacts } from "./cart-facts.ts";
import { findServingLocality } from "./cart-locality.ts";
import type { CartOwner } from "./cart-owner.ts";
import type { CartRow, StoredCart } from "./cart-store.ts";
import { availableReceiptTypes, type CartContext, slotsInputFor } from "./cart-view.ts";

type CartLocation = z.infer<typeof cartLocationSchema>;

export function badRequest(type: ErrorName, message: string, field?: string): AppError {
  return new AppError(400, type, message, field ? { details: [{ field, message }] } : {});
}

/** Where the cart goes: one of the customer's saved addresses, or the visitor's temporary point. */
async function resolveAddress(
  db: Database,
  owner: CartOwner,
  body: { customerAddressId?: number | undefined; location?: CartLocation | undefined },
): Promise<CartAddressRow | undefined> {
  if (body.customerAddressId !== undefined) {
    const [row] = owner.user
      ? await db
          .select()
          .from(addresses)
          .where(and(eq(addresses.id, body.customerAddressId), eq(addresses.userId, owner.user.id)))
          .limit(1)
      : [];
    if (!row)
      throw badRequest("AddressNotFoundException", "is not one of your addresses", "customerAddressId");
    return {
      customerAddressId: row.id,
      latitude: row.latitude,
      longitude: row.longitude,
      formattedAddress: row.formattedAddress,
      shortAddress: row.shortAddress,
      addressComponents: Object.fromEntries(
        Object.entries(row.addressComponents).filter((e): e is [string, string] => typeof e[1] === "string"),
      ),
      ...courierDetailsOf(row),
    };
  }
  if (body.location) {
    const { location } = body;
    return {
      customerAddressId: null,
      latitude: location.latitude,
      longitude: location.longitude,
      formattedAddress: location.formattedAddress ?? location.addressComponents?.formattedAddress ?? null,
      shortAddress: location.shortAddress ?? location.addressComponents?.shortAddress ?? null,
      addressComponents: location.addressComponents ?? {},
      // What a guest typed for the courier goes with the point, onto the order.
      ...courierDetailsOf(location),
    };
  }
  return undefined;
}

export async function createCart(
  db: Database,
  input: {
    partner: Partner;
    owner: CartOwner;
    body: {
      localityCode?: string | undefined;
      receiptType: "DELIVERY" | "TAKEAWAY";
      customerAddressId?: number | undefined;
      location?: CartLocation | undefined;
    };
    now: Date;
  },
): Promise<string> {
  const { partner, owner, body } = input;
  const hinted =
    body.localityCode === undefined ? null : await findLocality(db, partner.id, body.localityCode);
  const address = await resolveAddress(db, owner, body);
  if (!address)
    throw badRequest("ValidationException", "a cart needs a customerAddressId or a location", "location");
  // The storefront's locality is kept as it is; the cart's validation flags a point outside its zone.
  const locality =
    hinted ??
    (await findServingLocality(
      db,
      partner.id,
      address,
      body.customerAddressId === undefined ? "location" : "customerAddressId",
    ));
  const offered = locality.params.receiptTypes ?? ["DELIVERY"];
  if (!offered.includes(body.receiptType))
    throw badRequest("InvalidReceiptTypeException", "this locality does not offer it", "receiptType");
  const id = randomUUID();
  await db.insert(carts).values({
    id,
    partnerId: partner.id,
    localityId: locality.id,
    userId: owner.user?.id ?? null,
    visitorHash: owner.user ? null : owner.visitorHash,
    receiptType: body.receiptType,
    address: address ?? null,
    createdAt: input.now,
    updatedAt: input.now,
  });
  return id;
}

export async function localityOfCart(db: Database, cart: CartRow): Promise<LocalityRow> {
  return findLocalityById(db, cart.localityId);
}

export async function updateCart(
  db: Database,
  input: { stored: StoredCart; owner: CartOwner; body: UpdateCart; context: CartContext },
): Promise<void> {
  const { stored, owner, body, context } = input;
  const { locality } = context;
  const changes: Partial<typeof carts.$inferInsert> = { updatedAt: context.now };
  if (body.receiptType !== undefined) {
    const facts = await loadMenuFacts(db, stored);
    if (!availableReceiptTypes(locality, facts).includes(body.receiptType))
      throw badRequest(
        "InvalidReceiptTypeException",
        "not offered by every vendor of the cart",
        "receiptType",
      );
    changes.receiptType = body.receiptType;
  }
  if (body.paymentType !== undefined) {
    const offered = locality.params.paymentTypes ?? ["CASH"];
    if (!offered.includes(body.paymentType))
      throw badRequest("InvalidPaymentTypeException", "choose another payment type", "paymentType");
    changes.paymentType = body.paymentType;
  }
  if (body.paymentMethod !== undefined) {
    const cardOwner = owner.user ? { partnerId: stored.cart.partnerId, userId: owner.user.id } : null;
    if (body.paymentMethod !== null && !(await mayUsePaymentMethod(db, cardOwner, body.paymentMethod)))
      throw badRequest("CardNotFoundException", "is not one of your saved cards", "paymentMethod");
    changes.paymentMethod = body.paymentMethod;
  }
  const address = await resolveAddress(db, owner, body);
  if (address) changes.address = address;
  if (body.preorderDateTime !== undefined) {
    changes.preorderDateTime =
      body.preorderDateTime === null ? null : await checkedPreorderTime(db, stored, body, context);
  }
  if (body.deliveryInstructions !== undefined)
    changes.deliveryInstructions = { ...stored.cart.deliveryInstructions, ...body.deliveryInstructions };
  await db.update(carts).set(changes).where(eq(carts.id, stored.cart.id));
}

/** A preorder time is kept only when it is one of the slots of every vendor of the cart. */
async function checkedPreorderTime(
  db: Database,
  stored: StoredCart,
  body: UpdateCart,
  context: CartContext,
): Promise<string> {
  const wanted = (body.preorderDateTime as string).replace(/Z$/, "").slice(0, 16);
  const local = `${wanted}:00`;
  const period = context.locality.params.preOrderPeriod ?? { type: "NONE" };
  if (period.type === "NONE")
    throw badRequest("PreorderUnavailableException", "delivery only as soon as possible", "preorderDateTime");
  const takeaway = (body.receiptType ?? stored.cart.receiptType) === "TAKEAWAY";
  const slots = await deliverySlotInputs(db, stored, context, takeaway);
  if (!slots.every((input) => isValidPreorderTime(input, local)))
    throw badRequest("InvalidPreorderTimeException", "is not one of the delivery slots", "preorderDateTime");
  return local;
}

/** The slot rules of each vendor of the cart (the service's own when the cart is empty). */
export async function deliverySlotInputs(
  db: Database,
  stored: StoredCart,
  context: CartContext,
  takeaway: boolean,
) {
  if (stored.vendorCarts.length === 0) return [slotsInputFor(context, null, 0)];
  const facts = await loadMenuFacts(db, stored);
  const address = stored.cart.address;
  const at = vendorContext(context.locality, address ?? {}, context.reader, context.now);
  return stored.vendorCarts.flatMap((vendorCart) => {
    const vendor = facts.vendors.get(vendorCart.vendorId);
    if (!vendor) return [];
    const minutes = takeaway ? vendor.cookingMinutesMax : estimateVendorDelivery(vendor, at).minutes.max;
    return [slotsInputFor(context, vendor, minutes)];
  });
}
