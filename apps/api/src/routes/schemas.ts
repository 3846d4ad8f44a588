import { apiErrorSchema } from "@storefront/domain/contract";

/** Error answers every partner-scoped route can give. */
export const partnerErrors = { 400: apiErrorSchema, 423: apiErrorSchema } as const;
export const partnerErrorsWith404 = { ...partnerErrors, 404: apiErrorSchema } as const;

/** Partner-scoped routes are called with the X-Partner-Code header (an API key in OpenAPI terms). */
export const partnerSecurity = [{ partnerCode: [] }];
