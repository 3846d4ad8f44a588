import {
  CART_ITEM_MAX_COUNT,
  type CartLineIdType,
  chooseLinesToRemove,
  clampCutlery,
  optionsKeyOf,
} from "@storefront/domain";
import type { AddCartItem } from "@storefront/domain/contract";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cartItems, carts, optionGroups, options, products, vendorCarts, vendors } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Partner } from "../plugins/partner.ts";
import type { CartRow, VendorCartRow } from "./cart-store.ts";
import { badRequest } from "./carts.ts";

/** Checks the chosen options against the product's groups, as the product modal does. */
async function checkedComponents(db: Database, productId: number, chosen: AddCartItem["components"]) {
  const groups = await db.select().from(optionGroups).where(eq(optionGroups.productId, productId));
  const choices = groups.length
    ? await db
        .select()
        .from(options)
        .where(
          inArray(
            options.groupId,
            groups.map((g) => g.id),
          ),
        )
    : [];
  const details: Array<{ field: string; message: string }> = [];
  chosen.forEach((component, i) => {
    const option = choices.find((o) => o.id === component.id);
    if (!option) details.push({ field: `components.${i}.id`, message: "is not an option of this product" });
    else if (!option.available) details.push({ field: `components.${i}.id`, message: "is not available" });
  });
  for (const group of groups) {
    const units = chosen
      .filter((c) => choices.some((o) => o.id === c.id && o.groupId === group.id))
      .reduce((sum, c) => sum + c.count, 0);
    if (group.required && units === 0)
      details.push({ field: `group.${group.id}`, message: "a required option must be chosen" });
    if (units > (group.multiSelection ? group.maxCount : 1))
      details.push({ field: `group.${group.id}`, message: "too many options chosen" });
  }
  if (details.length > 0)
    throw new AppError(400, "InvalidComponentsException", "The chosen options do not fit the product", {
      details,
    });
  const merged = new Map<number, number>();
  for (const c of chosen) merged.set(c.id, (merged.get(c.id) ?? 0) + c.count);
  return [...merged].map(([id, units]) => ({ id, count: units }));
}

/**
 * Adds a product to the cart: into the vendor's cart (started when needed, up to the partner's
 * limit of vendors per cart), merged with a line of the same product and options (and, in a group
 * order, of the same person).
 */
export async function addCartItem(
  db: Database,
  input: { partner: Partner; cart: CartRow; body: AddCartItem; now: Date; memberId?: number },
): Promise<void> {
  const memberId = input.memberId ?? null;
  const { partner, cart, body } = input;
  const [found] = await db
    .select({ product: products, vendor: vendors })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(eq(products.id, body.productId), eq(vendors.partnerId, partner.id)))
    .limit(1);
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
  const components = await checkedComponents(db, found.product.id, body.components);

  await db.transaction(async (tx) => {
    // One add at a time per cart, so the vendor limit and the merge see each other's lines.
    await tx.execute(sql`select id from carts where id = ${cart.id} for update`);
    let [vendorCart] = await tx
      .select()
      .from(vendorCarts)
      .where(and(eq(vendorCarts.cartId, cart.id), eq(vendorCarts.vendorId, found.vendor.id)))
      .limit(1);
    if (!vendorCart) {
      const [{ value: started } = { value: 0 }] = await tx
        .select({ value: count() })
        .from(vendorCarts)
        .where(eq(vendorCarts.cartId, cart.id));
      if (started >= partner.settings.maxVendorsPerCart)
        throw new AppError(
          400,
          "CartVendorsMaxLimitException",
          `A cart holds orders from at most ${partner.settings.maxVendorsPerCart} vendors`,
        );
      if (!found.vendor.receiptTypes.includes(cart.receiptType)) {
        if (started > 0)
          throw badRequest(
            "InvalidReceiptTypeException",
            "this vendor does not offer the cart's receipt type",
            "vendorId",
          );
        await tx
          .update(carts)
          .set({ receiptType: found.vendor.receiptTypes[0] ?? "DELIVERY" })
          .where(eq(carts.id, cart.id));
      }
      [vendorCart] = await tx
        .insert(vendorCarts)
        .values({ cartId: cart.id, vendorId: found.vendor.id, createdAt: input.now })
        .returning();
    }
    const key = optionsKeyOf(components);
    const [same] = await tx
      .select()
      .from(cartItems)
      .where(
        and(
          eq(cartItems.vendorCartId, (vendorCart as VendorCartRow).id),
          eq(cartItems.productId, found.product.id),
          eq(cartItems.optionsKey, key),
          memberId === null ? isNull(cartItems.memberId) : eq(cartItems.memberId, memberId),
        ),
      )
      .limit(1);
    if (same) {
      await tx
        .update(cartItems)
        .set({
          count: Math.min(CART_ITEM_MAX_COUNT, same.count + body.count),
          ...(body.comment ? { comment: body.comment } : {}),
        })
        .where(eq(cartItems.id, same.id));
    } else {
      await tx.insert(cartItems).values({
        vendorCartId: (vendorCart as VendorCartRow).id,
        productId: found.product.id,
        productName: found.product.name,
        components,
        optionsKey: key,
        count: body.count,
        comment: body.comment || null,
        memberId,
      });
    }
    await tx.update(carts).set({ updatedAt: input.now }).where(eq(carts.id, cart.id));
  });
}

async function dropEmptyVendorCart(db: Database, vendorCartId: number): Promise<void> {
  const [{ value } = { value: 0 }] = await db
    .select({ value: count() })
    .from(cartItems)
    .where(eq(cartItems.vendorCartId, vendorCartId));
  if (value === 0) await db.delete(vendorCarts).where(eq(vendorCarts.id, vendorCartId));
}

/** Changes a line's count (0 removes it, and the vendor cart with its last line) or its comment. */
export async function updateCartItem(
  db: Database,
  input: {
    vendorCart: VendorCartRow;
    cartProductId: number;
    body: { count?: number | undefined; comment?: string | null | undefined };
  },
): Promise<void> {
  const { vendorCart, cartProductId, body } = input;
  const where = and(eq(cartItems.id, cartProductId), eq(cartItems.vendorCartId, vendorCart.id));
  const [line] = await db.select().from(cartItems).where(where).limit(1);
  if (!line) throw new AppError(404, "CartProductNotFoundException", "This line is not in the cart");
  if (body.count === 0) {
    await db.delete(cartItems).where(where);
    await dropEmptyVendorCart(db, vendorCart.id);
    return;
  }
  await db
    .update(cartItems)
    .set({
      ...(body.count !== undefined ? { count: body.count } : {}),
      ...(body.comment !== undefined ? { comment: body.comment || null } : {}),
    })
    .where(where);
}

/**
 * Removes the lines a product id (every line of the product) or a cart product id (that line) names,
 * and the vendor cart with its last line.
 */
export async function removeCartItems(
  db: Database,
  input: { vendorCart: VendorCartRow; id: number; idType?: CartLineIdType | undefined },
): Promise<void> {
  const { vendorCart, id } = input;
  const lines = await db
    .select({ id: cartItems.id, productId: cartItems.productId })
    .from(cartItems)
    .where(eq(cartItems.vendorCartId, vendorCart.id));
  const chosen = chooseLinesToRemove(lines, id, input.idType);
  if (chosen.kind === "NONE")
    throw new AppError(404, "CartProductNotFoundException", "This product is not in the vendor cart");
  if (chosen.kind === "AMBIGUOUS")
    throw new AppError(
      409,
      "AmbiguousCartProductException",
      `${id} is a line of this vendor cart and a product of another line`,
      { details: [{ field: "idType", message: "say PRODUCT or CART_PRODUCT" }] },
    );
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.vendorCartId, vendorCart.id), inArray(cartItems.id, chosen.lineIds)));
  await dropEmptyVendorCart(db, vendorCart.id);
}

export async function setCutlery(
  db: Database,
  input: { vendorCart: VendorCartRow; cutlery: number },
): Promise<void> {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, input.vendorCart.vendorId)).limit(1);
  if (!vendor?.allowsCutlery && input.cutlery > 0)
    throw badRequest("CutleryNotAllowedException", "this vendor sends no cutlery", "cutlery");
  if (vendor?.maxCutlery != null && input.cutlery > vendor.maxCutlery)
    throw badRequest("CutleryLimitException", `at most ${vendor.maxCutlery}`, "cutlery");
  await db
    .update(vendorCarts)
    .set({ cutlery: clampCutlery(input.cutlery, vendor?.maxCutlery ?? null) })
    .where(eq(vendorCarts.id, input.vendorCart.id));
}
