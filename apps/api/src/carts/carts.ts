import { randomUUID } from "node:crypto";
import { courierDetailsOf, type DeliverySlotsInput, isValidPreorderTime } from "@storefront/domain";
import type { cartLocationSchema, ErrorName, UpdateCart } from "@storefront/domain/contract";
import type { z } from "zod";
import { findLocality } from "../catalogue/localities.ts";
import { estimateVendorDelivery, vendorContext } from "../catalogue/vendors.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { mayUsePaymentMethod } from "../payments/saved-cards.ts";
import type { Partner } from "../plugins/partner.ts";
import { findServingLocality } from "./cart-locality.ts";
import type { CartOwner } from "./cart-owner.ts";
import {
  type CartAddressRow,
  type CartRowChanges,
  findAddressOfUser,
  insertCart,
  updateCartRow,
} from "./cart-repository.ts";
import type { CartAt, CartChange } from "./cart-service.ts";
import { cartNotFound } from "./cart-store.ts";
import { availableReceiptTypes, slotsInputFor } from "./cart-view.ts";

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
    const row = owner.user ? await findAddressOfUser(db, owner.user.id, body.customerAddressId) : null;
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
  await insertCart(db, {
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

/** Changes receipt type, payment, address, preorder time or delivery instructions, each checked. */
export function updateCart(body: UpdateCart): CartChange {
  return async (db, at) => {
    const { cart, context } = at;
    const { locality } = context;
    const changes: CartRowChanges = { updatedAt: context.now };
    if (body.receiptType !== undefined) {
      if (!availableReceiptTypes(locality, await at.menu()).includes(body.receiptType))
        throw badRequest(
          "InvalidReceiptTypeException",
          "not offered by every vendor of the cart",
          "receiptType",
        );
      changes.receiptType = body.receiptType;
    }
    if (body.paymentType !== undefined) {
      // Online only where the locality takes it and a card processor takes its currency.
      const offered = (locality.params.paymentTypes ?? ["CASH"]).filter((t) => t === "CASH" || at.takesCards);
      if (!offered.includes(body.paymentType))
        throw badRequest("InvalidPaymentTypeException", "choose another payment type", "paymentType");
      changes.paymentType = body.paymentType;
    }
    if (body.paymentMethod !== undefined) {
      const cardOwner = at.owner.user ? { partnerId: cart.partnerId, userId: at.owner.user.id } : null;
      if (body.paymentMethod !== null && !(await mayUsePaymentMethod(db, cardOwner, body.paymentMethod)))
        throw badRequest("CardNotFoundException", "is not one of your saved cards", "paymentMethod");
      changes.paymentMethod = body.paymentMethod;
    }
    const address = await resolveAddress(db, at.owner, body);
    if (address) changes.address = address;
    if (body.preorderDateTime !== undefined) {
      changes.preorderDateTime = body.preorderDateTime === null ? null : await checkedPreorderTime(at, body);
    }
    if (body.usePoints !== undefined) {
      // Points are a signed-in customer's; a guest's cart has none to spend.
      if (body.usePoints && !at.owner.user)
        throw badRequest("ValidationException", "sign in to pay with your points", "usePoints");
      changes.usePoints = body.usePoints;
    }
    const saved = await updateCartRow(db, cart.id, changes, body.deliveryInstructions);
    if (!saved) throw cartNotFound();
    return { cart: saved };
  };
}

/** A preorder time is kept only when it is one of the slots of every vendor of the cart. */
async function checkedPreorderTime(at: CartAt, body: UpdateCart): Promise<string> {
  const { cart, context } = at;
  const wanted = (body.preorderDateTime as string).replace(/Z$/, "").slice(0, 16);
  const local = `${wanted}:00`;
  const period = context.locality.params.preOrderPeriod ?? { type: "NONE" };
  if (period.type === "NONE")
    throw badRequest("PreorderUnavailableException", "delivery only as soon as possible", "preorderDateTime");
  const takeaway = (body.receiptType ?? cart.receiptType) === "TAKEAWAY";
  const slots = await deliverySlotInputs(at, takeaway);
  if (!slots.every((input) => isValidPreorderTime(input, local)))
    throw badRequest("InvalidPreorderTimeException", "is not one of the delivery slots", "preorderDateTime");
  return local;
}

/** The slot rules of each vendor of the cart (the service's own when the cart is empty). */
export async function deliverySlotInputs(at: CartAt, takeaway: boolean): Promise<DeliverySlotsInput[]> {
  const { context } = at;
  const stored = await at.stored();
  if (stored.vendorCarts.length === 0) return [slotsInputFor(context, null, 0)];
  const facts = await at.menu();
  const address = stored.cart.address;
  const point = vendorContext(context.locality, address ?? {}, context.reader, context.now);
  return stored.vendorCarts.flatMap((vendorCart) => {
    const vendor = facts.vendors.get(vendorCart.vendorId);
    if (!vendor) return [];
    const minutes = takeaway ? vendor.cookingMinutesMax : estimateVendorDelivery(vendor, point).minutes.max;
    return [slotsInputFor(context, vendor, minutes)];
  });
}
