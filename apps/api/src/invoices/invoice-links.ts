import crypto from "node:crypto";
import { type Locale, localeFromTag } from "@storefront/domain";
import { AppError } from "../errors.ts";

export const INVOICE_LINK_MINUTES = 10;

/** What a link to an invoice stands for: whose order, and the language asked for when it was made. */
export interface InvoiceLinkClaims {
  partnerId: number;
  userId: number;
  orderId: number;
  requested: Locale | null;
  expiresAt: Date;
}

export interface InvoiceLinks {
  sign(claims: InvoiceLinkClaims): string;
  /** The claims of an untampered, unexpired token; otherwise a 403 or 410. */
  verify(token: string, now: Date): InvoiceLinkClaims;
}

const invalid = () => new AppError(403, "InvoiceLinkException", "This invoice link is not valid");

/**
 * Short-lived links to open an invoice in an external browser, where the app's session is not:
 * `payload.signature`, the payload base64url JSON and the signature its HMAC-SHA256.
 */
export function invoiceLinks(secret: Buffer): InvoiceLinks {
  const signatureOf = (payload: string) =>
    crypto.createHmac("sha256", secret).update(payload).digest("base64url");
  return {
    sign(claims) {
      const payload = Buffer.from(
        JSON.stringify({
          p: claims.partnerId,
          u: claims.userId,
          o: claims.orderId,
          l: claims.requested,
          e: Math.floor(claims.expiresAt.getTime() / 1000),
        }),
      ).toString("base64url");
      return `${payload}.${signatureOf(payload)}`;
    },
    verify(token, now) {
      const [payload = "", signature = ""] = token.split(".");
      const expected = Buffer.from(signatureOf(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw invalid();
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<
        string,
        unknown
      >;
      const { p, u, o, l, e } = claims;
      if (![p, u, o, e].every(Number.isInteger)) throw invalid();
      const expiresAt = new Date((e as number) * 1000);
      if (expiresAt <= now) {
        throw new AppError(
          410,
          "InvoiceLinkExpiredException",
          "This invoice link has expired; open the invoice again",
        );
      }
      return {
        partnerId: p as number,
        userId: u as number,
        orderId: o as number,
        requested: typeof l === "string" ? localeFromTag(l) : null,
        expiresAt,
      };
    },
  };
}
