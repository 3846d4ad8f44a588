import { apiErrorSchema } from "@storefront/domain/contract";

/** What every console route's documentation shares: its tag, its session and its refusals. */
export const consoleTags = ["console"];
export const consoleSecurity = [{ consoleSession: [] }];
export const consoleErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  423: apiErrorSchema,
} as const;
