import { apiErrorSchema } from "@storefront/domain/contract";

/** Error answers every partner-scoped route can give. */
export const partnerErrors = { 400: apiErrorSchema, 423: apiErrorSchema } as const;
export const partnerErrorsWith404 = { ...partnerErrors, 404: apiErrorSchema } as const;

/** Partner-scoped routes are called with the X-Partner-Code header (an API key in OpenAPI terms). */
export const partnerSecurity = [{ partnerCode: [] }];

/** Customer routes: the partner's header and the customer's session; they may also answer 401. */
export const customerSecurity = [...partnerSecurity, { session: [] }];
export const customerErrors = { ...partnerErrors, 401: apiErrorSchema } as const;
export const customerErrorsWith404 = { ...customerErrors, 404: apiErrorSchema } as const;

/** Cart routes: the partner, and the cart's owner by session or by the anonymous visitor's cookie. */
export const cartSecurity: Array<Record<string, string[]>> = [
  ...partnerSecurity,
  { session: [] },
  { visitor: [] },
];
