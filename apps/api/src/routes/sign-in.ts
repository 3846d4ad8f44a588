import { addressCounted } from "@storefront/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppServices } from "../services.ts";

/**
 * What a sign-in code asked for takes from its request, a customer's or a courier's alike: the
 * partner and its name for the SMS, the reader's language, the network address its limits count,
 * and the deployment's code length and per-address limit.
 */
export function codeAskedBy(request: FastifyRequest, services: AppServices) {
  return {
    partnerId: request.partner.id,
    platformName: request.partner.publicInfo.platformName,
    defaultLocalityCode: request.partner.defaultLocalityCode,
    preferredLocale: request.preferredLocale,
    ip: addressCounted(request.ip),
    now: services.now(),
    codeLength: services.signInCodeLength,
    perAddressLimit: services.signInCodesPerAddressPerHour,
  };
}

/** A session's cookie, a customer's or a courier's: httpOnly, same-site, secure on https, living as the session. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: { name: string; token: string; expires: Date },
): void {
  reply.setCookie(cookie.name, cookie.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    expires: cookie.expires,
  });
}
