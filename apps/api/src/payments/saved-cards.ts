import { maskCardNumber, type SavedCard } from "@storefront/domain/contract";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { savedCards } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { PaymentProvider, ProviderCard } from "./provider.ts";

export type SavedCardRow = typeof savedCards.$inferSelect;

/** Whose cards: every query is scoped by the partner and the customer. */
export interface CardOwner {
  partnerId: number;
  userId: number;
}

const ownedBy = (owner: CardOwner) =>
  and(eq(savedCards.partnerId, owner.partnerId), eq(savedCards.userId, owner.userId));

export function toSavedCard(row: SavedCardRow): SavedCard {
  return {
    id: row.id,
    maskedCardNumber: maskCardNumber(row.last4),
    brand: row.brand,
    default: row.isDefault,
  };
}

export async function listSavedCards(db: Database, owner: CardOwner): Promise<SavedCardRow[]> {
  return db.select().from(savedCards).where(ownedBy(owner)).orderBy(asc(savedCards.id));
}

export async function findSavedCard(db: Database, owner: CardOwner, id: number): Promise<SavedCardRow> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(ownedBy(owner), eq(savedCards.id, id)))
    .limit(1);
  if (!row) throw new AppError(404, "CardNotFoundException", `Card ${id} not found`);
  return row;
}

/** The customer's default card, else their newest one. */
/** A saved card's payment method code: card:<id>. */
const CARD_CODE = /^card:(\d{1,10})$/;
const LARGEST_ID = 2_147_483_647;

/**
 * Whether a payment method code may stand on this customer's cart: any code but a card's, and a
 * card's only when it is one of theirs (a visitor, null, has none). Another customer's card id is
 * refused here, not only later when it would be charged.
 */
export async function mayUsePaymentMethod(
  db: Database,
  owner: CardOwner | null,
  code: string,
): Promise<boolean> {
  if (!code.startsWith("card:")) return true;
  const id = Number(CARD_CODE.exec(code)?.[1] ?? Number.NaN);
  if (owner === null || !Number.isInteger(id) || id > LARGEST_ID) return false;
  const [row] = await db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(ownedBy(owner), eq(savedCards.id, id)))
    .limit(1);
  return row !== undefined;
}

export async function preferredSavedCard(db: Database, owner: CardOwner): Promise<SavedCardRow | null> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(ownedBy(owner))
    .orderBy(desc(savedCards.isDefault), desc(savedCards.id))
    .limit(1);
  return row ?? null;
}

/** Keeps a card the provider tokenised; the same token is kept once. The first card becomes the default. */
export async function saveCard(
  db: Database,
  owner: CardOwner,
  provider: string,
  card: ProviderCard,
): Promise<SavedCardRow> {
  return db.transaction(async (tx) => {
    const mine = await tx.select().from(savedCards).where(ownedBy(owner));
    const known = mine.find((row) => row.provider === provider && row.providerToken === card.token);
    if (known) return known;
    const [saved] = await tx
      .insert(savedCards)
      .values({
        ...owner,
        provider,
        providerToken: card.token,
        last4: card.last4,
        brand: card.brand,
        isDefault: mine.length === 0,
      })
      .returning();
    return saved as SavedCardRow;
  });
}

export async function setDefaultCard(db: Database, owner: CardOwner, id: number): Promise<void> {
  await findSavedCard(db, owner, id);
  await db.transaction(async (tx) => {
    await tx.update(savedCards).set({ isDefault: false }).where(ownedBy(owner));
    await tx
      .update(savedCards)
      .set({ isDefault: true })
      .where(and(ownedBy(owner), eq(savedCards.id, id)));
  });
}

/** Unbinds a card: the provider forgets its token, and the newest other card takes over as default. */
export async function removeCard(
  db: Database,
  provider: PaymentProvider,
  owner: CardOwner,
  id: number,
): Promise<void> {
  const card = await findSavedCard(db, owner, id);
  await provider.forgetCard(card.providerToken);
  await db.transaction(async (tx) => {
    await tx.delete(savedCards).where(eq(savedCards.id, card.id));
    if (!card.isDefault) return;
    const [next] = await tx
      .select({ id: savedCards.id })
      .from(savedCards)
      .where(ownedBy(owner))
      .orderBy(desc(savedCards.id))
      .limit(1);
    if (next) await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, next.id));
  });
}
