import {
  CART_ITEM_MAX_COUNT,
  type CartLineIdType,
  chooseLinesToRemove,
  clampCutlery,
  invalidComponentsOf,
  optionsKeyOf,
  seenPriceChanged,
  toMajorUnits,
  unitPriceMinor,
} from "@storefront/domain";
import type { AddCartItem } from "@storefront/domain/contract";
import { findLocalityRowById } from "../catalogue/localities-repository.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { groupStatusOfCart } from "../group-orders/group-orders-repository.ts";
import type { Partner } from "../plugins/partner.ts";
import { findProductOfPartner, findVendorById, listOptionGroupsOf } from "./cart-menu-repository.ts";
import {
  type CartRow,
  deleteLinesOfVendorCart,
  dropEmptyVendorCart,
  findLineOfVendorCart,
  findSameLine,
  insertLine,
  insertVendorCart,
  listLinesOfVendorCart,
  listVendorCarts,
  setVendorCartCutlery,
  updateCartRow,
  updateLine,
  type VendorCartRow,
} from "./cart-repository.ts";
import type { CartChange, VendorCartChange } from "./cart-service.ts";
import { cartNotFound } from "./cart-store.ts";
import { badRequest } from "./carts.ts";

const COMPONENT_MESSAGES = {
  REMOVED: "is not an option of this product",
  COMPONENTS_NOT_AVAILABLE: "is not available",
  INVALID_REQUIRED: "a required option must be chosen",
  INVALID_MULTI_SELECTION: "too many options chosen",
} as const;

/** Checks the chosen options against the product's groups by the domain's rule, as the product modal does. */
async function checkedComponents(db: Database, productId: number, chosen: AddCartItem["components"]) {
  const groups = await listOptionGroupsOf(db, productId);
  const faults = invalidComponentsOf(
    chosen.map((c) => ({ optionId: c.id, count: c.count })),
    groups.map((g) => ({ ...g, options: g.options.map((o) => ({ id: o.id, available: o.available })) })),
  );
  // An option's fault names its place in the body: the faults come in the order of the options.
  let next = 0;
  const details = faults.map((fault) => {
    if (fault.reason === "INVALID_REQUIRED" || fault.reason === "INVALID_MULTI_SELECTION")
      return { field: `group.${fault.groupId}`, message: COMPONENT_MESSAGES[fault.reason] };
    const index = chosen.findIndex((c, i) => i >= next && c.id === fault.componentId);
    next = index + 1;
    return { field: `components.${index}.id`, message: COMPONENT_MESSAGES[fault.reason] };
  });
  if (details.length > 0)
    throw new AppError(400, "InvalidComponentsException", "The chosen options do not fit the product", {
      details,
    });
  const merged = new Map<number, number>();
  for (const c of chosen) merged.set(c.id, (merged.get(c.id) ?? 0) + c.count);
  const priceOf = new Map(groups.flatMap((g) => g.options.map((o) => [o.id, o.price] as const)));
  return [...merged].map(([id, units]) => ({ id, count: units, priceMinor: priceOf.get(id) ?? 0 }));
}

/**
 * The unit price the customer saw (`checkInfo.price`) against the price now: another price is not
 * added silently, the answer names the new one (decision 0166).
 */
async function checkSeenPrice(
  db: Database,
  input: { cart: CartRow; seen: number | undefined },
  unit: { priceMinor: number; components: Array<{ priceMinor: number; count: number }> },
): Promise<void> {
  if (input.seen === undefined) return;
  const locality = await findLocalityRowById(db, input.cart.localityId);
  if (!locality) throw cartNotFound();
  const now = unitPriceMinor(unit);
  if (!seenPriceChanged(input.seen, now, locality.currencyCode)) return;
  const price = toMajorUnits(now, locality.currencyCode);
  throw new AppError(409, "ProductPriceChangedException", `The product costs ${price} now`, { price });
}

type AddInput = { partner: Partner; cart: CartRow; body: AddCartItem; now: Date; memberId?: number };

/**
 * Adds a product to the cart: into the vendor's cart (started when needed, up to the partner's
 * limit of vendors per cart), merged with a line of the same product and options (and, in a group
 * order, of the same person).
 */
export async function addCartItem(db: Database, input: AddInput): Promise<void> {
  await addLine(db, input);
}

/** Adds the product as `addCartItem` does, answering the cart's row as the add left it. */
async function addLine(db: Database, input: AddInput): Promise<CartRow> {
  const memberId = input.memberId ?? null;
  const { partner, cart, body } = input;
  const found = await findProductOfPartner(db, partner.id, body.productId);
  if (!found?.product.visible || found.vendor.id !== body.vendorId || !found.vendor.visible)
    throw new AppError(404, "ProductNotFoundException", `Product ${body.productId} not found`);
  if (found.vendor.localityId !== cart.localityId)
    throw badRequest(
      "VendorNotInLocalityException",
      "the vendor is in another locality than the cart",
      "vendorId",
    );
  // A vendor without any working hours takes no orders, not even for later (orders temporarily unavailable).
  if (found.vendor.workingHours.length === 0)
    throw badRequest("VendorClosedException", "the vendor takes no orders for now", "vendorId");
  if (!found.product.available)
    throw badRequest("ProductNotAvailableException", "the product is not available now", "productId");
  const priced = await checkedComponents(db, found.product.id, body.components);
  await checkSeenPrice(
    db,
    { cart, seen: body.checkInfo?.price },
    { priceMinor: found.product.discountPrice ?? found.product.price, components: priced },
  );
  const components = priced.map(({ id, count }) => ({ id, count }));

  return db.transaction(async (tx) => {
    // One add at a time per cart, so the vendor limit and the merge see each other's lines: the
    // first write locks the cart's row until the end.
    let saved = (await updateCartRow(tx, cart.id, { updatedAt: input.now })) ?? cart;
    const started = await listVendorCarts(tx, cart.id);
    let vendorCart = started.find((v) => v.vendorId === found.vendor.id);
    if (!vendorCart) {
      if (started.length >= partner.settings.maxVendorsPerCart)
        throw new AppError(
          400,
          "CartVendorsMaxLimitException",
          `A cart holds orders from at most ${partner.settings.maxVendorsPerCart} vendors`,
        );
      if (!found.vendor.receiptTypes.includes(cart.receiptType)) {
        if (started.length > 0)
          throw badRequest(
            "InvalidReceiptTypeException",
            "this vendor does not offer the cart's receipt type",
            "vendorId",
          );
        saved =
          (await updateCartRow(tx, cart.id, { receiptType: found.vendor.receiptTypes[0] ?? "DELIVERY" })) ??
          saved;
      }
      vendorCart = await insertVendorCart(tx, {
        cartId: cart.id,
        vendorId: found.vendor.id,
        createdAt: input.now,
      });
    }
    const key = optionsKeyOf(components);
    const same = await findSameLine(tx, {
      vendorCartId: vendorCart.id,
      productId: found.product.id,
      optionsKey: key,
      memberId,
    });
    if (same) {
      await updateLine(tx, same.id, {
        count: Math.min(CART_ITEM_MAX_COUNT, same.count + body.count),
        ...(body.comment ? { comment: body.comment } : {}),
      });
    } else {
      await insertLine(tx, {
        vendorCartId: vendorCart.id,
        productId: found.product.id,
        productName: found.product.name,
        components,
        optionsKey: key,
        count: body.count,
        comment: body.comment || null,
        memberId,
      });
    }
    return saved;
  });
}

/** Adding a product to a cart of one's own; a group order's cart takes products through its link. */
export function addProduct(body: AddCartItem): CartChange {
  return async (db, at) => {
    if (await groupStatusOfCart(db, at.cart.id))
      throw new AppError(
        409,
        "GroupOrderCartException",
        "This cart is a group order: add through its link, or finish its checkout first",
      );
    const cart = await addLine(db, {
      partner: at.context.partner,
      cart: at.cart,
      body,
      now: at.context.now,
    });
    return { cart, linesChanged: true };
  };
}

/** Changes a line's count (0 removes it, and the vendor cart with its last line) or its comment. */
async function updateCartItem(
  db: Database,
  input: {
    vendorCart: VendorCartRow;
    cartProductId: number;
    body: { count?: number | undefined; comment?: string | null | undefined };
  },
): Promise<void> {
  const { vendorCart, cartProductId, body } = input;
  const line = await findLineOfVendorCart(db, vendorCart.id, cartProductId);
  if (!line) throw new AppError(404, "CartProductNotFoundException", "This line is not in the cart");
  if (body.count === 0) {
    await deleteLinesOfVendorCart(db, vendorCart.id, [line.id]);
    await dropEmptyVendorCart(db, vendorCart.id);
    return;
  }
  await updateLine(db, line.id, {
    ...(body.count !== undefined ? { count: body.count } : {}),
    ...(body.comment !== undefined ? { comment: body.comment || null } : {}),
  });
}

export function changeLine(
  cartProductId: number,
  body: { count?: number | undefined; comment?: string | null | undefined },
): VendorCartChange {
  return async (db, at, vendorCart) => {
    await updateCartItem(db, { vendorCart, cartProductId, body });
    return { cart: at.cart, linesChanged: true };
  };
}

/**
 * Removes the lines a product id (every line of the product) or a cart product id (that line) names,
 * and the vendor cart with its last line.
 */
export function removeLines(id: number, idType: CartLineIdType | undefined): VendorCartChange {
  return async (db, at, vendorCart) => {
    const lines = await listLinesOfVendorCart(db, vendorCart.id);
    const chosen = chooseLinesToRemove(lines, id, idType);
    if (chosen.kind === "NONE")
      throw new AppError(404, "CartProductNotFoundException", "This product is not in the vendor cart");
    if (chosen.kind === "AMBIGUOUS")
      throw new AppError(
        409,
        "AmbiguousCartProductException",
        `${id} is a line of this vendor cart and a product of another line`,
        { details: [{ field: "idType", message: "say PRODUCT or CART_PRODUCT" }] },
      );
    await deleteLinesOfVendorCart(db, vendorCart.id, chosen.lineIds);
    await dropEmptyVendorCart(db, vendorCart.id);
    return { cart: at.cart, linesChanged: true };
  };
}

export function setCutlery(cutlery: number): VendorCartChange {
  return async (db, at, vendorCart) => {
    const vendor = await findVendorById(db, vendorCart.vendorId);
    if (!vendor?.allowsCutlery && cutlery > 0)
      throw badRequest("CutleryNotAllowedException", "this vendor sends no cutlery", "cutlery");
    if (vendor?.maxCutlery != null && cutlery > vendor.maxCutlery)
      throw badRequest("CutleryLimitException", `at most ${vendor.maxCutlery}`, "cutlery");
    await setVendorCartCutlery(db, vendorCart.id, clampCutlery(cutlery, vendor?.maxCutlery ?? null));
    return { cart: at.cart, linesChanged: true };
  };
}
