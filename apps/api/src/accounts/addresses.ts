import { courierDetailsOf } from "@storefront/domain";
import type { Address, AddressInput } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import {
  type AddressColumns,
  type AddressRow,
  type CartAddressRow,
  countAddressesOfUser,
  deleteAddressOfUser,
  insertAddress,
  listAddressesOfUser,
  listAddressPlacesOfUser,
  updateAddressOfUser,
} from "./addresses-repository.ts";

/** Saved addresses one customer may keep. */
export const MAX_ADDRESSES = 20;

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    apartmentNumber: row.apartmentNumber,
    comment: row.comment,
    entrance: row.entrance,
    floor: row.floor,
    intercom: row.intercom,
    location: {
      latitude: row.latitude,
      longitude: row.longitude,
      addressComponents: row.addressComponents,
      formattedAddress: row.formattedAddress,
      shortAddress: row.shortAddress,
      shortAddressExt: row.shortAddressExt,
    },
  };
}

function columnsOf(input: AddressInput): AddressColumns {
  const { location } = input;
  const components = location.addressComponents;
  return {
    name: input.name ?? null,
    apartmentNumber: input.apartmentNumber ?? null,
    comment: input.comment ?? null,
    entrance: input.entrance ?? null,
    floor: input.floor ?? null,
    intercom: input.intercom ?? null,
    latitude: location.latitude,
    longitude: location.longitude,
    addressComponents: components,
    formattedAddress: location.formattedAddress ?? components.formattedAddress ?? null,
    shortAddress: location.shortAddress ?? components.shortAddress ?? null,
    shortAddressExt: location.shortAddressExt ?? components.shortAddressExt ?? null,
  };
}

export async function listAddresses(db: Database, userId: number): Promise<Address[]> {
  const rows = await listAddressesOfUser(db, userId);
  return rows.map(toAddress);
}

export async function createAddress(
  db: Database,
  partnerId: number,
  userId: number,
  input: AddressInput,
): Promise<number> {
  if ((await countAddressesOfUser(db, userId)) >= MAX_ADDRESSES) {
    throw new AppError(400, "AddressesLimitException", `At most ${MAX_ADDRESSES} addresses can be saved`);
  }
  return insertAddress(db, { partnerId, userId }, columnsOf(input));
}

/** Two points within about 10 cm: the same place. */
const samePlace = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) =>
  Math.abs(a.latitude - b.latitude) < 1e-6 && Math.abs(a.longitude - b.longitude) < 1e-6;

/**
 * Keeps the temporary address an order went to (a guest's, who signed in at checkout) among the
 * customer's addresses, with what they typed for the courier, so the next order finds it. Nothing
 * when they keep that place already or have no room for another address.
 */
export async function keepOrderAddress(
  db: Database,
  owner: { partnerId: number; userId: number },
  address: CartAddressRow,
): Promise<void> {
  const kept = await listAddressPlacesOfUser(db, owner.userId);
  if (kept.length >= MAX_ADDRESSES || kept.some((one) => samePlace(one, address))) return;
  await insertAddress(db, owner, {
    name: null,
    ...courierDetailsOf(address),
    latitude: address.latitude,
    longitude: address.longitude,
    addressComponents: address.addressComponents,
    formattedAddress: address.formattedAddress,
    shortAddress: address.shortAddress,
    shortAddressExt: null,
  });
}

/** Changes or deletes an address of this customer; another customer's address is a 404. */
export async function updateAddress(
  db: Database,
  userId: number,
  id: number,
  input: AddressInput,
): Promise<void> {
  if (!(await updateAddressOfUser(db, userId, id, columnsOf(input))))
    throw new AppError(404, "AddressNotFoundException", `Address ${id} not found`);
}

export async function deleteAddress(db: Database, userId: number, id: number): Promise<void> {
  if (!(await deleteAddressOfUser(db, userId, id)))
    throw new AppError(404, "AddressNotFoundException", `Address ${id} not found`);
}
