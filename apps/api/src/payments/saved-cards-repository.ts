import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { savedCards } from "../db/schema.ts";
import type { ProviderCard } from "./provider.ts";

export type SavedCardRow = typeof savedCards.$inferSelect;

/** Whose cards: every query is scoped by the partner and the customer. */
export interface CardOwner {
  partnerId: number;
  userId: number;
}

const ownedBy = (owner: CardOwner) =>
  and(eq(savedCards.partnerId, owner.partnerId), eq(savedCards.userId, owner.userId));

export async function listSavedCards(db: Database, owner: CardOwner): Promise<SavedCardRow[]> {
  return db.select().from(savedCards).where(ownedBy(owner)).orderBy(asc(savedCards.id));
}

/** One of the customer's own cards, or null. */
export async function findOwnedCard(
  db: Database,
  owner: CardOwner,
  id: number,
): Promise<SavedCardRow | null> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(ownedBy(owner), eq(savedCards.id, id)))
    .limit(1);
  return row ?? null;
}

/** Whether the card of this id is one of the customer's own. */
export async function ownsCard(db: Database, owner: CardOwner, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(ownedBy(owner), eq(savedCards.id, id)))
    .limit(1);
  return row !== undefined;
}

/** The customer's default card, else their newest one. */
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

/** Makes this card of the customer's their default one, and no other. */
export async function markDefaultCard(db: Database, owner: CardOwner, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(savedCards).set({ isDefault: false }).where(ownedBy(owner));
    await tx
      .update(savedCards)
      .set({ isDefault: true })
      .where(and(ownedBy(owner), eq(savedCards.id, id)));
  });
}

/** Deletes a card of the customer's; when it was the default, their newest other card takes over. */
export async function deleteCard(db: Database, owner: CardOwner, card: SavedCardRow): Promise<void> {
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
