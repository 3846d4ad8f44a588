import type { Locale } from "@storefront/domain";
import { pointsForCart } from "../accounts/loyalty-points.ts";
import type { ImageStore } from "../catalogue/images.ts";
import type { CatalogueAnswers } from "../catalogue/public-answers.ts";
import type { ReadCache } from "../catalogue/read-cache.ts";
import type { Database } from "../db/client.ts";
import type { PaymentProviders } from "../payments/payment-providers.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import type { Partner } from "../plugins/partner.ts";
import type { CartContext, EvaluatedCart } from "./cart-context.ts";
import {
  loadMenuFacts,
  loadPromoFacts,
  type MenuFacts,
  type MenuRowsSource,
  type PromoFacts,
} from "./cart-facts.ts";
import { cachedMenuRows } from "./cart-menu-cache.ts";
import type { CartOwner } from "./cart-owner.ts";
import { deleteCartRow } from "./cart-repository.ts";
import {
  type CartRow,
  findOwnedCart,
  findOwnedVendorCart,
  loadStoredCart,
  type StoredCart,
  type VendorCartRow,
} from "./cart-store.ts";
import { evaluateStoredCart, loadCartImages, type StoredCartEvaluation, viewCart } from "./cart-view.ts";

/** Whether the processor takes cards in the currency (else the locality is cash only). */
function takesCardsIn(provider: Pick<PaymentProvider, "takesCards" | "takesCurrency">, currencyCode: string) {
  return provider.takesCards && provider.takesCurrency(currencyCode);
}

/** Who asks for a cart: the partner's storefront, the customer or visitor, in their language. */
export interface CartScope {
  partner: Partner;
  owner: CartOwner;
  reader: Locale | null;
}

/** What a change sees of the cart it changes: each part is read at most once in a request. */
export interface CartAt {
  cart: CartRow;
  owner: CartOwner;
  context: CartContext;
  /** Whether the deployment's card processor takes the locality's currency (else cash only). */
  takesCards: boolean;
  /** The vendor carts and their lines, as they are before the change. */
  stored(): Promise<StoredCart>;
  /** The menu rows the lines point at. */
  menu(): Promise<MenuFacts>;
  /** The cart evaluated as it is: with its own promo code, or with `promo` instead when given. */
  evaluate(promo?: PromoFacts | null): Promise<StoredCartEvaluation>;
}

/** What a change did, so the answer is read and evaluated once, after it. */
export interface CartChanged {
  /** The cart's row as the change left it. */
  cart: CartRow;
  /** Lines, counts or vendor carts changed: they are read again. */
  linesChanged?: boolean;
  /** The change's own evaluation of the cart as it now is (its lines unchanged): the answer's. */
  evaluated?: StoredCartEvaluation;
}

export type CartChange = (db: Database, at: CartAt) => Promise<CartChanged>;
export type VendorCartChange = (db: Database, at: CartAt, vendorCart: VendorCartRow) => Promise<CartChanged>;

/**
 * The cart read once per request: the owner's cart is found (a 404 otherwise), a change is applied
 * to it, and the cart is evaluated once after it (docs/decisions/0137-the-cart-read-once.md).
 */
export function cartService(deps: {
  db: Database;
  imageStore: ImageStore;
  now: () => Date;
  payments: Pick<PaymentProviders, "forPartner">;
  /** The locality's row comes from the catalogue's read cache: every cart read needs it. */
  catalogue: Pick<CatalogueAnswers, "localityById">;
  /** The catalogue's read cache, where a cart shown reads its vendors' menu rows. */
  readCache: ReadCache;
}) {
  const { db, imageStore } = deps;
  const fromCache = cachedMenuRows(db, deps.readCache);

  async function open(
    scope: CartScope,
    cart: CartRow,
    /** Where its menu rows are read: the database unless given. */
    menuRows?: MenuRowsSource,
  ): Promise<CartAt & { answer(changed: CartChanged): Promise<EvaluatedCart> }> {
    const context: CartContext = {
      partner: scope.partner,
      locality: await deps.catalogue.localityById(cart.localityId),
      reader: scope.reader,
      now: deps.now(),
      userId: scope.owner.user?.id ?? null,
      points: null,
    };
    context.points = await pointsForCart(db, { partnerId: scope.partner.id, ...context });
    let stored: Promise<StoredCart> | undefined;
    let menu: Promise<MenuFacts> | undefined;
    let ownPromo: Promise<PromoFacts | null> | undefined;
    const at: CartAt = {
      cart,
      owner: scope.owner,
      context,
      takesCards: takesCardsIn(
        await deps.payments.forPartner(scope.partner.id),
        context.locality.currencyCode,
      ),
      stored: () => {
        stored ??= loadStoredCart(db, cart);
        return stored;
      },
      menu: () => {
        menu ??= at.stored().then((lines) => loadMenuFacts(db, lines, menuRows));
        return menu;
      },
      evaluate: async (promo) => {
        const lines = await at.stored();
        const facts = await at.menu();
        if (promo !== undefined) return evaluateStoredCart(lines, facts, promo, context);
        ownPromo ??= loadPromoFacts(db, cart.promoCodeId, context.userId);
        return evaluateStoredCart(lines, facts, await ownPromo, context);
      },
    };
    const answer = async (changed: CartChanged): Promise<EvaluatedCart> => {
      const reuse = !changed.linesChanged && stored !== undefined;
      const lines = reuse
        ? { ...(await at.stored()), cart: changed.cart }
        : await loadStoredCart(db, changed.cart);
      const facts = reuse ? await at.menu() : await loadMenuFacts(db, lines, menuRows);
      const promoOf = async (after: CartRow) =>
        after.promoCodeId === cart.promoCodeId && ownPromo !== undefined
          ? ownPromo
          : loadPromoFacts(db, after.promoCodeId, context.userId);
      const evaluated =
        changed.evaluated ?? evaluateStoredCart(lines, facts, await promoOf(changed.cart), context);
      return viewCart(lines, facts, evaluated, await loadCartImages(imageStore, facts), context);
    };
    return Object.assign(at, { answer });
  }

  return {
    /**
     * The owner's cart, evaluated, to be shown: its menu rows come from the read cache. A change,
     * an order placed from it and its payment read them from the database.
     */
    async get(scope: CartScope, cartId: string): Promise<EvaluatedCart> {
      const cart = await findOwnedCart(db, scope.partner.id, cartId, scope.owner);
      return (await open(scope, cart, fromCache)).answer({ cart });
    },

    /** A cart found otherwise (the customer's own latest), evaluated to be shown, as `get`. */
    async describe(scope: CartScope, cart: CartRow): Promise<EvaluatedCart> {
      return (await open(scope, cart, fromCache)).answer({ cart });
    },

    /** Changes the owner's cart and answers it evaluated after the change. */
    async mutate(scope: CartScope, cartId: string, change: CartChange): Promise<EvaluatedCart> {
      const cart = await findOwnedCart(db, scope.partner.id, cartId, scope.owner);
      const at = await open(scope, cart);
      return at.answer(await change(db, at));
    },

    /** Changes one of the owner's vendor carts and answers its cart evaluated after the change. */
    async mutateVendorCart(
      scope: CartScope,
      vendorCartId: number,
      change: VendorCartChange,
    ): Promise<EvaluatedCart> {
      const { cart, vendorCart } = await findOwnedVendorCart(db, scope.partner.id, vendorCartId, scope.owner);
      const at = await open(scope, cart);
      return at.answer(await change(db, at, vendorCart));
    },

    /** Reads what `read` needs of the owner's cart, without evaluating it. */
    async read<T>(scope: CartScope, cartId: string, read: (at: CartAt) => Promise<T>): Promise<T> {
      const cart = await findOwnedCart(db, scope.partner.id, cartId, scope.owner);
      return read(await open(scope, cart));
    },

    async remove(scope: CartScope, cartId: string): Promise<void> {
      const cart = await findOwnedCart(db, scope.partner.id, cartId, scope.owner);
      await deleteCartRow(db, cart.id);
    },
  };
}

export type CartService = ReturnType<typeof cartService>;
