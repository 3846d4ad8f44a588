import { brandContrast } from "@storefront/domain/brand";
import type { ConsoleBrand, consoleBrandSchema } from "@storefront/domain/contract";
import type { z } from "zod";
import { internationalPhone } from "../accounts/phone.ts";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { brandPictureUrl } from "../partners/brand-pictures.ts";
import type { Partner } from "../plugins/partner.ts";
import { type AuditActor, recordAudit } from "./audit-log-repository.ts";
import { lockPartner, updatePartnerRow } from "./brand-repository.ts";

type BrandDraft = z.output<typeof consoleBrandSchema>;

/** The partner's brand and footer as the console's brand screen shows them. */
export function describeBrand(partner: Partner): ConsoleBrand {
  const { publicInfo, contacts, settings } = partner;
  return {
    platformName: publicInfo.platformName,
    brandColour: settings.brandColour,
    textLogo: settings.textLogo,
    logoUrl: settings.logoUrl ?? null,
    socialImageUrl: settings.socialImageUrl ?? null,
    socialPreviewUrl: brandPictureUrl(partner, "social-preview.png"),
    officialName: publicInfo.partnerOfficialName,
    officialAddress: publicInfo.partnerOfficialAddress,
    certificate: publicInfo.partnerCertificate,
    supportPhone: contacts.phone,
    supportEmail: contacts.email,
    supportHours: contacts.workingHours,
    links: publicInfo.links,
  };
}

/** What the audit log keeps of a brand: everything but the opening hours, which it names by count. */
function auditedBrand(brand: ConsoleBrand): Record<string, unknown> {
  const { supportHours, ...rest } = brand;
  return { ...rest, supportHours: supportHours.length };
}

/**
 * The partner's brand and footer replaced as the console's form says, in one transaction with its
 * audit entry. A colour the storefront could not show readably (brandContrast) is a 400 naming
 * `brandColour`; an image logo chosen before one is uploaded a 400 naming `textLogo`.
 */
export async function changeBrand(
  db: Database,
  input: { partnerId: number; draft: BrandDraft; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<ConsoleBrand> {
  const { draft } = input;
  // Customers dial it from the footer: kept as E.164 like a courier's number.
  const supportPhone = internationalPhone(draft.supportPhone, "supportPhone");
  const contrast = brandContrast(draft.brandColour);
  if (!contrast.readable)
    throw new AppError(
      400,
      "ValidationException",
      `Invalid body: brandColour reads at ${Math.min(contrast.buttonText, contrast.onPage)}:1, under 4.5:1`,
      {
        errorCode: "LOW_CONTRAST",
        details: [{ field: "brandColour", message: "is too light to read: under 4.5:1" }],
      },
    );
  const brand = await db.transaction(async (tx) => {
    const row = await lockPartner(tx, input.partnerId);
    if (!row) throw new AppError(404, "PartnerNotFoundException", "Unknown partner");
    if (!draft.textLogo && !row.settings.logoUrl)
      throw new AppError(400, "ValidationException", "Invalid body: textLogo: upload a logo first", {
        errorCode: "NO_LOGO",
        details: [{ field: "textLogo", message: "upload a logo first" }],
      });
    const updated = await updatePartnerRow(tx, row.id, {
      publicInfo: {
        platformName: draft.platformName,
        partnerOfficialName: draft.officialName,
        partnerOfficialAddress: draft.officialAddress,
        partnerCertificate: draft.certificate,
        links: draft.links,
      },
      contacts: { phone: supportPhone, email: draft.supportEmail, workingHours: draft.supportHours },
      settings: { ...row.settings, brandColour: draft.brandColour.toLowerCase(), textLogo: draft.textLogo },
    });
    const before = describeBrand(row);
    const after = describeBrand(updated);
    await recordAudit(tx, input.actor, {
      action: "brand.update",
      entity: "partner",
      entityId: row.id,
      before: auditedBrand(before),
      after: auditedBrand(after),
      at: input.now,
    });
    return after;
  });
  // The storefront shows the partner's new brand from its next read, on every process.
  await catalogue.announce(catalogueChanges.partner(input.partnerId));
  return brand;
}

/** The partner's logo or social-preview image replaced by a picture already stored; audited. */
export async function setBrandPicture(
  db: Database,
  input: { partnerId: number; kind: "logo" | "social"; url: string; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<ConsoleBrand> {
  const key = input.kind === "logo" ? "logoUrl" : "socialImageUrl";
  const brand = await db.transaction(async (tx) => {
    const row = await lockPartner(tx, input.partnerId);
    if (!row) throw new AppError(404, "PartnerNotFoundException", "Unknown partner");
    const updated = await updatePartnerRow(tx, row.id, { settings: { ...row.settings, [key]: input.url } });
    await recordAudit(tx, input.actor, {
      action: `brand.${input.kind}`,
      entity: "partner",
      entityId: row.id,
      before: { [key]: row.settings[key] ?? null },
      after: { [key]: input.url },
      at: input.now,
    });
    return describeBrand(updated);
  });
  // The storefront shows the partner's new brand from its next read, on every process.
  await catalogue.announce(catalogueChanges.partner(input.partnerId));
  return brand;
}
