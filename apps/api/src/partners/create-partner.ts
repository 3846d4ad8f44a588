import { weeklySchedule } from "@storefront/domain";
import type { NewPartnerInput } from "@storefront/domain/contract";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { inviteOwner } from "../console/owner-invitation.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { insertCity } from "./new-city.ts";
import { addPartnerHost } from "./partner-hosts.ts";
import { insertPartnerUnlessTaken } from "./partners-repository.ts";

/** What an operator says of a new partner (its brand, host, first city and first owner), and when. */
export type NewPartner = NewPartnerInput & { now: Date };

/**
 * A partner made whole, in one transaction: the partner with its brand (its name as the platform's,
 * a text logo in its colour), its host, its first city with a round delivery zone the owner redraws
 * in the console, and its first OWNER, invited by a one-time link. Its storefront is empty until
 * vendors are added. A taken code or host is a 409. Once it is stored, the running processes are
 * told its host (`catalogue`; null from a command, which tells them itself: `cli/announce-change.ts`).
 */
export async function createPartner(
  db: Database,
  input: NewPartner,
  catalogue: CatalogueInvalidations | null,
): Promise<{ partnerId: number; ownerToken: string }> {
  const made = await db.transaction(async (tx) => {
    const partnerId = await insertPartnerUnlessTaken(tx, {
      code: input.code,
      name: input.name,
      type: "PROD",
      status: "ACTIVE",
      defaultLocalityCode: input.city.code,
      publicInfo: {
        platformName: input.name,
        partnerOfficialName: input.name,
        partnerOfficialAddress: "",
        partnerCertificate: "",
        links: {
          aboutUs: null,
          termsOfUse: null,
          privacyPolicy: null,
          becomeACourier: null,
          becomeAVendor: null,
          iosApp: null,
          androidApp: null,
          socialNetworks: {
            facebook: null,
            instagram: null,
            telegram: null,
            twitter: null,
            linkedin: null,
          },
        },
      },
      contacts: {
        phone: input.supportPhone,
        email: input.supportEmail,
        workingHours: weeklySchedule({ from: "09:00", until: "21:00" }),
      },
      settings: {
        maxVendorsPerCart: 3,
        brandColour: input.brandColour,
        textLogo: true,
        mapTileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
        suspendedUrls: { demo: null, prod: null },
        returnOrigins: [],
      },
    });
    if (partnerId === null)
      throw new AppError(409, "PartnerExistsException", `A partner ${input.code} exists already`, {
        details: [{ field: "code", message: "is another partner's" }],
      });
    await insertCity(tx, partnerId, input.city);
    if (!(await addPartnerHost(tx, partnerId, input.host)))
      throw new AppError(409, "HostTakenException", `The host ${input.host} serves another partner`, {
        details: [{ field: "host", message: "serves another partner" }],
      });
    const invited = await inviteOwner(tx, { partnerId, ...input.owner, now: input.now });
    if (!invited)
      throw new AppError(409, "StaffExistsException", "This e-mail already has a console account", {
        details: [{ field: "owner", message: "already has a console account" }],
      });
    return { partnerId, ownerToken: invited.token };
  });
  await catalogue?.announce(catalogueChanges.hosts());
  return made;
}
