import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * What an API answer may do when a browser renders it: nothing. JSON, PDFs and pictures load no
 * script, style or frame, and no page may frame them. The storefront's pages set their own policy
 * (the web app's entry.server), the docs and the sandbox card page theirs.
 */
const API_POLICY = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

/** Swagger UI's page: its own scripts and styles (it sets style attributes), nothing from elsewhere. */
export const DOCS_POLICY =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/** Geolocation for the storefront's own pages (the address pin); no camera, microphone or the like. */
const PERMISSIONS_POLICY =
  "geolocation=(self), camera=(), microphone=(), payment=(), usb=(), interest-cohort=()";

/** One year; sub-domains and preload lists are the domain owner's choice, not the storefront's. */
const HSTS = "max-age=31536000";

/**
 * Security headers on every answer, the hosted storefront's and the media's included: helmet's set
 * (nosniff, Referrer-Policy, frame and cross-origin policies), a Permissions-Policy, and HSTS only
 * when the request came over https (directly or as a trusted proxy says), so http://localhost works.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // The native app (another origin) shows the API's pictures; media widen it again below.
    crossOriginResourcePolicy: { policy: "same-site" },
    strictTransportSecurity: false,
  });
  // On the raw response like helmet's own headers, so the hosted storefront's answers carry them too.
  app.addHook("onRequest", async (request, reply) => {
    reply.raw.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (request.protocol === "https") reply.raw.setHeader("Strict-Transport-Security", HSTS);
  });
}
