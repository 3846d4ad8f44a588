import { createRemoteJWKSet, decodeJwt, errors, type JWTVerifyGetKey, jwtVerify } from "jose";
import { z } from "zod";
import { AppError } from "../errors.ts";

/** Where Google publishes the keys that sign Firebase ID tokens. */
export const GOOGLE_FIREBASE_JWKS_URL =
  "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com";

/** What a verified Firebase ID token says of the customer: their Firebase uid and phone. */
export interface FirebaseCustomer {
  uid: string;
  phone: string;
}

/** Checks a Firebase ID token of a project; Google's published keys in production. */
export interface FirebaseTokenVerifier {
  verify(projectId: string, idToken: string, now: Date): Promise<FirebaseCustomer>;
}

const claimsSchema = z.object({
  sub: z.string().min(1).max(128),
  phone_number: z.string().regex(/^\+\d{8,15}$/, "an international phone number"),
  auth_time: z.number(),
});

/**
 * Verifies Firebase ID tokens as Firebase's own documentation asks: RS256, signed by one of the
 * keys at `jwksUrl`, issued by securetoken.google.com for the project, for the project as
 * audience, not expired, and signed in no later than now. Phone sign-in tokens carry the phone.
 */
export function firebaseTokenVerifier(jwksUrl: string = GOOGLE_FIREBASE_JWKS_URL): FirebaseTokenVerifier {
  let keys: JWTVerifyGetKey | null = null;
  return {
    async verify(projectId, idToken, now) {
      keys ??= createRemoteJWKSet(new URL(jwksUrl));
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          algorithms: ["RS256"],
          issuer: `https://securetoken.google.com/${projectId}`,
          audience: projectId,
          currentDate: now,
          requiredClaims: ["sub", "iat", "exp", "auth_time"],
        }));
      } catch (error) {
        // Keys that cannot be fetched are Firebase's trouble, not the customer's: 503, to retry.
        const keysUnreadable =
          error instanceof errors.JWKSTimeout ||
          error instanceof errors.JWKSInvalid ||
          !(error instanceof errors.JOSEError);
        if (keysUnreadable)
          throw new AppError(
            503,
            "FirebaseUnavailableException",
            "Firebase's signing keys cannot be read now",
          );
        const reason = error instanceof errors.JWTExpired ? "expired" : "not a valid Firebase ID token";
        throw new AppError(401, "InvalidFirebaseTokenException", `The Firebase token is ${reason}`);
      }
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success || claims.data.auth_time * 1000 > now.getTime())
        throw new AppError(
          401,
          "InvalidFirebaseTokenException",
          "The Firebase token does not carry a phone sign-in",
        );
      return { uid: claims.data.sub, phone: claims.data.phone_number };
    },
  };
}

const emulatorLookupSchema = z.object({
  users: z.array(z.object({ localId: z.string(), phoneNumber: z.string().optional() })).min(1),
});

const invalidToken = (reason: string) =>
  new AppError(401, "InvalidFirebaseTokenException", `The Firebase token is ${reason}`);

/**
 * Checks the tokens of Firebase's Auth Emulator (FIREBASE_AUTH_EMULATOR_HOST, never in production),
 * which are not signed: the emulator itself is asked whether it issued the token (the customer's
 * own `accounts:lookup` with it), and the token must be the project's phone sign-in, as Google's
 * would.
 */
export function firebaseEmulatorVerifier(host: string): FirebaseTokenVerifier {
  return {
    async verify(projectId, idToken, now) {
      let claims: ReturnType<typeof decodeJwt>;
      try {
        claims = decodeJwt(idToken);
      } catch {
        throw invalidToken("not a valid Firebase ID token");
      }
      if (claims.aud !== projectId || claims.iss !== `https://securetoken.google.com/${projectId}`)
        throw invalidToken("not a valid Firebase ID token");
      if (typeof claims.exp !== "number" || claims.exp * 1000 <= now.getTime()) throw invalidToken("expired");
      let response: Response;
      try {
        // The customer's own lookup, which the emulator answers only for a token it issued (any API key).
        response = await fetch(
          `http://${host}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=emulator`,
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ idToken }),
            signal: AbortSignal.timeout(5_000),
          },
        );
      } catch {
        throw new AppError(503, "FirebaseUnavailableException", "Firebase's Auth Emulator cannot be reached");
      }
      const found = emulatorLookupSchema.safeParse(response.ok ? await response.json() : null);
      const user = found.success ? found.data.users[0] : undefined;
      if (!user || user.localId !== claims.sub) throw invalidToken("not a valid Firebase ID token");
      const phone = claimsSchema.shape.phone_number.safeParse(claims.phone_number);
      if (!phone.success || user.phoneNumber !== phone.data)
        throw new AppError(
          401,
          "InvalidFirebaseTokenException",
          "The Firebase token does not carry a phone sign-in",
        );
      return { uid: user.localId, phone: phone.data };
    },
  };
}
