import { type Locale, localeFromAcceptLanguage } from "@storefront/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { catalogueTags } from "../catalogue/catalogue-tags.ts";
import { EVERYTHING } from "../catalogue/read-cache.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { findPartnerById, findPartnerOfCode, type Partner } from "./partner-repository.ts";
import { setByHook } from "./set-by-hook.ts";

export type { Partner } from "./partner-repository.ts";

declare module "fastify" {
  interface FastifyRequest {
    partner: Partner;
    /** The reader's language from Accept-Language, when it is a supported one. */
    preferredLocale: Locale | null;
  }
}

const PARTNER_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const CACHE_MS = 10_000;

/** Partners read by code, kept for ten seconds; a change of a partner's settings forgets it at once. */
export class PartnerCache {
  private readonly entries = new Map<string, { partner: Partner | null; at: number }>();
  constructor(private readonly db: Database) {}

  async find(code: string): Promise<Partner | null> {
    const hit = this.entries.get(code);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.partner;
    const partner = await findPartnerOfCode(this.db, code);
    this.entries.set(code, { partner, at: Date.now() });
    return partner;
  }

  forget(code: string): void {
    this.entries.delete(code);
  }

  /** Forgets the partners whose change the tags announce (see catalogue-tags.ts). */
  forgetTagged(tags: readonly string[]): void {
    if (tags.includes(EVERYTHING)) {
      this.entries.clear();
      return;
    }
    for (const [code, { partner }] of this.entries) {
      if (partner && tags.includes(catalogueTags.partner(partner.id))) this.entries.delete(code);
    }
  }
}

/** A partner as stored now, bypassing the cache (a partner's requests prove it exists). */
export async function findPartner(db: Database, id: number): Promise<Partner> {
  const partner = await findPartnerById(db, id);
  if (!partner) throw new AppError(404, "PartnerNotFoundException", "Unknown partner");
  return partner;
}

/**
 * The 423 of a suspended partner, the same on every route that serves one (storefront API, ops API,
 * tracking socket, invoice links, card pages): `partner_suspended` and where to send the visitor.
 */
export function assertPartnerActive(partner: Partner): void {
  if (partner.status !== "SUSPENDED") return;
  const redirectUrl =
    partner.type === "DEMO" ? partner.settings.suspendedUrls.demo : partner.settings.suspendedUrls.prod;
  throw new AppError(423, "PartnerSuspendedException", "This service is suspended", {
    errorCode: "partner_suspended",
    partnerType: partner.type,
    ...(redirectUrl ? { redirectUrl } : {}),
  });
}

/**
 * Reads X-Partner-Code on every request of the scope it is added to: a missing or unknown code is a
 * 400, a suspended partner a 423 that tells where to send the visitor.
 */
export function partnerScope(app: FastifyInstance, cache: PartnerCache): void {
  const findPartner = (code: string) => cache.find(code);

  app.decorateRequest("partner", setByHook<Partner>());
  app.decorateRequest("preferredLocale", null);
  app.addHook("onRequest", async (request: FastifyRequest) => {
    request.preferredLocale = localeFromAcceptLanguage(request.headers["accept-language"]);
    const header = request.headers["x-partner-code"];
    const code = Array.isArray(header) ? header[0] : header;
    if (!code) {
      throw new AppError(400, "PartnerCodeMissingException", "The X-Partner-Code header is required", {
        details: [{ field: "X-Partner-Code", message: "is required" }],
      });
    }
    const partner = PARTNER_CODE.test(code) ? await findPartner(code) : null;
    if (!partner) {
      throw new AppError(400, "PartnerNotFoundException", `Unknown partner code '${code.slice(0, 64)}'`, {
        details: [{ field: "X-Partner-Code", message: "is not a known partner" }],
      });
    }
    assertPartnerActive(partner);
    request.partner = partner;
  });
}
