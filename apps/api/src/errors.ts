import type { ErrorName } from "@storefront/domain/contract";

/**
 * Expected failures carry the spec's exception name as `type`, one of the domain's `ErrorName`s; the
 * error handler turns them into the API's one error body.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorName,
    message: string,
    readonly extra: {
      errorCode?: string;
      details?: Array<{ field: string; message: string }>;
      partnerType?: "DEMO" | "PROD";
      redirectUrl?: string;
      /** A product's unit price now (ProductPriceChangedException). */
      price?: number;
      /** The wrong hand-over codes entered so far for the order (InvalidHandoverCodeException). */
      wrongCodes?: number;
      /** Sent as the Retry-After header (seconds), not in the body. */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.name = type;
  }
}

export const LOCALITY_NOT_FOUND_MESSAGE = "Unable to find the locality for this URL";
