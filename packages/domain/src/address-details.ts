/** What the courier needs besides the street: the details of an address form. */
export interface CourierDetails {
  apartmentNumber: string | null;
  entrance: string | null;
  floor: string | null;
  intercom: string | null;
  comment: string | null;
}

export const COURIER_DETAIL_FIELDS = ["apartmentNumber", "entrance", "floor", "intercom", "comment"] as const;

/**
 * The courier's details of an address, each trimmed, an empty one as null, a missing one (an older
 * cart or order, a client that sends none) as null too.
 */
export function courierDetailsOf(
  source: Partial<Record<keyof CourierDetails, string | null | undefined>>,
): CourierDetails {
  const one = (value: string | null | undefined) => value?.trim() || null;
  return {
    apartmentNumber: one(source.apartmentNumber),
    entrance: one(source.entrance),
    floor: one(source.floor),
    intercom: one(source.intercom),
    comment: one(source.comment),
  };
}

/** Whether an address has any detail for the courier. */
export function hasCourierDetails(details: CourierDetails): boolean {
  return COURIER_DETAIL_FIELDS.some((field) => details[field] !== null);
}
