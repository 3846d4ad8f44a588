import { EXTERNAL_TOKEN_MAX_AGE_SECONDS } from "@storefront/domain";
import { errors, jwtVerify } from "jose";
import { z } from "zod";
import { AppError } from "../errors.ts";

/** What a partner says about its customer, in a token it signs with the shared secret. */
const externalCustomerSchema = z.object({
  phone: z.string().min(8).max(32),
  name: z.string().trim().min(1).max(100).optional(),
  email: z.email().max(200).optional(),
  customerLocale: z.string().max(20).optional(),
  externalId: z.string().max(200).optional(),
});
export type ExternalCustomer = z.infer<typeof externalCustomerSchema>;

/** The token's own claims: its id, for single use, and when it was issued. */
const tokenClaimsSchema = z.object({
  jti: z.string().min(1).max(200),
  iat: z.number(),
  exp: z.number().optional(),
});

function refused(reason: string): AppError {
  return new AppError(401, "InvalidExternalTokenException", `The customer token is ${reason}`);
}

/**
 * Verifies an external customer token: HS256 with the partner's secret, with a `jti` and an `iat`
 * at most 5 minutes old (and `exp` not passed, when given). An unsigned, forged, old or id-less
 * token is refused; so is any token when the partner has no secret. The caller remembers the `jti`
 * until `usableUntil`, so the token signs in once.
 */
export async function verifyExternalCustomer(
  secret: string | null | undefined,
  token: string,
  now: Date,
): Promise<{ customer: ExternalCustomer; jti: string; usableUntil: Date }> {
  if (!secret)
    throw new AppError(
      400,
      "ExternalAuthDisabledException",
      "External sign-in is not set up for this partner",
    );
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      currentDate: now,
      maxTokenAge: EXTERNAL_TOKEN_MAX_AGE_SECONDS,
      requiredClaims: ["iat", "jti"],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw refused("expired");
    if (error instanceof errors.JWTClaimValidationFailed)
      throw refused(
        error.claim === "iat" && error.reason === "check_failed"
          ? "too old"
          : `without a valid ${error.claim}`,
      );
    throw refused("not signed by this partner");
  }
  const claims = tokenClaimsSchema.safeParse(payload);
  if (!claims.success) throw refused("without a valid jti");
  const parsed = externalCustomerSchema.safeParse(payload);
  if (!parsed.success) {
    throw new AppError(400, "ValidationException", "The customer token lacks the customer's details", {
      details: parsed.error.issues.map((i) => ({ field: `token.${i.path.join(".")}`, message: i.message })),
    });
  }
  const { jti, iat, exp } = claims.data;
  const usableUntil = Math.min((iat + EXTERNAL_TOKEN_MAX_AGE_SECONDS) * 1000, (exp ?? Infinity) * 1000);
  return { customer: parsed.data, jti, usableUntil: new Date(usableUntil) };
}
