import { type Locale, pickText } from "@storefront/domain";
import type { PartnerFirebase } from "@storefront/domain/contract";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { listLocalities } from "../catalogue/localities-repository.ts";
import { updateCity } from "../console/cities-repository.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { updatePartner } from "../plugins/partner-repository.ts";
import { knownPartner } from "./known-partner.ts";

type Project = { projectId: string; apiKey: string; authDomain: string };

/** The partner's Firebase project, and how the customers of each of its cities sign in. */
export async function describePartnerFirebase(
  db: Database,
  code: string,
  reader: Locale | null,
): Promise<PartnerFirebase> {
  const partner = await knownPartner(db, code);
  const cities = await listLocalities(db, partner.id);
  const project = partner.settings.firebase ?? null;
  return {
    code: partner.code,
    firebase: project ? { ...project } : null,
    cities: cities.map((city) => ({
      localityCode: city.code,
      name: pickText(city.name, reader, city.lang as Locale),
      signIn: project && city.params.customerAuthOtpProvider === "FIREBASE" ? "FIREBASE" : "INTERNAL",
    })),
  };
}

/**
 * The operator's change of a partner's phone sign-in: with a project, the named cities' customers
 * sign in with Firebase and the others with the API's own SMS codes; without one (null), all of them
 * with the codes. A city the partner does not have is a 400 naming it. Every process's storefront
 * shows the change from the next request (the partner's and its cities' answers are dropped).
 */
export async function setPartnerFirebase(
  db: Database,
  catalogue: CatalogueInvalidations,
  input: { code: string; project: (Project & { cities: string[] }) | null; reader: Locale | null },
): Promise<PartnerFirebase> {
  const partner = await knownPartner(db, input.code);
  const cities = await listLocalities(db, partner.id);
  const chosen = new Set(input.project?.cities ?? []);
  const unknown = [...chosen].find((code) => !cities.some((city) => city.code === code));
  if (unknown)
    throw new AppError(400, "ValidationException", `cities: the partner has no city '${unknown}'`, {
      details: [{ field: "cities", message: `the partner has no city '${unknown}'` }],
    });
  const project = input.project
    ? {
        projectId: input.project.projectId,
        apiKey: input.project.apiKey,
        authDomain: input.project.authDomain,
      }
    : null;
  await db.transaction(async (tx) => {
    await updatePartner(tx, partner.id, { settings: { ...partner.settings, firebase: project } });
    for (const city of cities) {
      const signIn = chosen.has(city.code) ? "FIREBASE" : "INTERNAL";
      if ((city.params.customerAuthOtpProvider ?? "INTERNAL") !== signIn)
        await updateCity(tx, city.id, { params: { ...city.params, customerAuthOtpProvider: signIn } });
    }
  });
  await catalogue.announce([
    ...catalogueChanges.partner(partner.id),
    ...cities.flatMap((city) => catalogueChanges.locality(city)),
  ]);
  return describePartnerFirebase(db, input.code, input.reader);
}
