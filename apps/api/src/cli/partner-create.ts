// npm run partner:create -- …: a new partner on this deployment, whole: its brand, its host, its first
// city and its first OWNER, who sets a password from the printed link (48 hours) and runs the rest
// (vendors, menus, zone, staff) from the console.
import { parseArgs } from "node:util";
import { isSupportedLocale, SUPPORTED_LOCALES } from "@storefront/domain";
import { z } from "zod";
import { loadConfig } from "../config.ts";
import { passwordLinkOf } from "../console/password-tokens.ts";
import { openDatabase } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { createPartner } from "../partners/create-partner.ts";
import { isHostName, PartnerHosts } from "../partners/partner-hosts.ts";

const USAGE = `usage: npm run partner:create -- --code CODE --name NAME --host HOST
    --city CODE --city-name NAME --lang ${SUPPORTED_LOCALES.join("|")} --currency EUR --country LV
    --time-zone Europe/Riga --center LATITUDE,LONGITUDE [--radius-km 8]
    --owner-email E-MAIL --owner-name NAME --support-email E-MAIL --support-phone +371…
    [--colour #0f766e]`;

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const argsSchema = z.object({
  code: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "lower-case letters, digits and hyphens"),
  name: z.string().trim().min(1).max(80),
  host: z
    .string()
    .transform((host) => host.toLowerCase())
    .refine(isHostName, "a host name, such as shop.example"),
  city: z.string().regex(/^[a-z0-9-]{2,40}$/, "lower-case letters, digits and hyphens"),
  "city-name": z.string().trim().min(1).max(80),
  lang: z.string().refine(isSupportedLocale, `one of ${SUPPORTED_LOCALES.join(", ")}`),
  currency: z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code, such as EUR"),
  country: z.string().regex(/^[A-Z]{2}$/, "an ISO 3166 code, such as LV"),
  "time-zone": z.string().refine(isTimeZone, "an IANA time zone, such as Europe/Riga"),
  center: z
    .string()
    .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, "latitude,longitude")
    .transform((text) => text.split(",").map(Number) as [number, number])
    .refine(([lat, lng]) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180, "a point on Earth"),
  "radius-km": z.coerce.number().min(1).max(50).default(8),
  "owner-email": z.email(),
  "owner-name": z.string().trim().min(1).max(80),
  "support-email": z.email(),
  "support-phone": z.string().regex(/^\+\d{8,15}$/, "+ and the number's digits"),
  colour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "#rrggbb")
    .default("#0f766e"),
});

const text = { type: "string" } as const;
const { values } = parseArgs({
  options: Object.fromEntries(Object.keys(argsSchema.shape).map((name) => [name, text])),
});
const parsed = argsSchema.safeParse(values);
if (!parsed.success) {
  const problems = parsed.error.issues.map((issue) => `  --${issue.path.join(".")}: ${issue.message}`);
  console.error(`${problems.join("\n")}\n${USAGE}`);
  process.exit(2);
}
const args = parsed.data;
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const made = await createPartner(database.db, {
    code: args.code,
    name: args.name,
    host: args.host,
    brandColour: args.colour,
    support: { email: args["support-email"], phone: args["support-phone"] },
    locality: {
      code: args.city,
      name: args["city-name"],
      lang: args.lang as (typeof SUPPORTED_LOCALES)[number],
      currencyCode: args.currency,
      countryCode: args.country,
      timeZone: args["time-zone"],
      center: { latitude: args.center[0], longitude: args.center[1] },
      radiusKm: args["radius-km"],
    },
    owner: { email: args["owner-email"], name: args["owner-name"] },
    now: new Date(),
  });
  const address = await new PartnerHosts(database.db, config.partnerCode).publicUrlOf(
    args.code,
    config.publicUrl,
  );
  console.log(
    `${args.name} (${args.code}) is served at ${address} (running processes see it within ten seconds).\n` +
      `Its owner ${args["owner-email"]} sets a password from this link, once, within 48 hours:\n` +
      passwordLinkOf(address, args.lang, made.ownerToken),
  );
} catch (error) {
  if (error instanceof AppError && error.status === 409) {
    console.error(`${error.message}\n${USAGE}`);
    process.exitCode = 2;
  } else throw error;
} finally {
  await database.close();
}
