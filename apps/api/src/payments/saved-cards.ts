import { maskCardNumber, type SavedCard } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { PaymentProvider } from "./provider.ts";
import {
  type CardOwner,
  deleteCard,
  findOwnedCard,
  markDefaultCard,
  ownsCard,
  type SavedCardRow,
} from "./saved-cards-repository.ts";

export type { CardOwner, SavedCardRow } from "./saved-cards-repository.ts";

export function toSavedCard(row: SavedCardRow): SavedCard {
  return {
    id: row.id,
    maskedCardNumber: maskCardNumber(row.last4),
    brand: row.brand,
    default: row.isDefault,
  };
}

export async function findSavedCard(db: Database, owner: CardOwner, id: number): Promise<SavedCardRow> {
  const row = await findOwnedCard(db, owner, id);
  if (!row) throw new AppError(404, "CardNotFoundException", `Card ${id} not found`);
  return row;
}

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
  return ownsCard(db, owner, id);
}

export async function setDefaultCard(db: Database, owner: CardOwner, id: number): Promise<void> {
  await findSavedCard(db, owner, id);
  await markDefaultCard(db, owner, id);
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
  await deleteCard(db, owner, card);
}
