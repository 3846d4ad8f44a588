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

/**
 * Verifies an external customer token: HS256 with the partner's secret, not expired, not issued in
 * the future. An unsigned, forged or expired token is refused; so is any token when the partner has
 * no secret.
 */
export async function verifyExternalCustomer(
  secret: string | null | undefined,
  token: string,
  now: Date,
): Promise<ExternalCustomer> {
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
      maxTokenAge: "1h",
    }));
  } catch (error) {
    const reason = error instanceof errors.JWTExpired ? "expired" : "not signed by this partner";
    throw new AppError(401, "InvalidExternalTokenException", `The customer token is ${reason}`);
  }
  const parsed = externalCustomerSchema.safeParse(payload);
  if (!parsed.success) {
    throw new AppError(400, "ValidationException", "The customer token lacks the customer's details", {
      details: parsed.error.issues.map((i) => ({ field: `token.${i.path.join(".")}`, message: i.message })),
    });
  }
  return parsed.data;
}
