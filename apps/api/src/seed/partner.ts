import { weeklySchedule } from "@storefront/domain";
import type { partners } from "../db/schema.ts";

type NewPartner = typeof partners.$inferInsert;

/** The demo operator every fresh install serves; its code goes in the X-Partner-Code header. */
export const DEMO_PARTNER = {
  code: "demo",
  name: "Dostavka Demo",
  type: "DEMO",
  status: "ACTIVE",
  defaultLocalityCode: "riga",
  publicInfo: {
    platformName: "Dostavka",
    partnerOfficialName: "Dostavka Demo SIA",
    partnerOfficialAddress: "Brīvības iela 68, Rīga, LV-1011, Latvija",
    partnerCertificate: "Reg. No. 40003000000 (demo)",
    links: {
      aboutUs: "/cms/about",
      termsOfUse: "/cms/terms-of-use",
      privacyPolicy: "/cms/privacy-policy",
      becomeACourier: "/cms/courier-info",
      becomeAVendor: "/cms/vendor-info",
      iosApp: null,
      androidApp: null,
      socialNetworks: {
        facebook: "https://www.facebook.com/dostavka.demo",
        instagram: "https://www.instagram.com/dostavka.demo",
        telegram: "https://t.me/dostavka_demo",
        twitter: null,
        linkedin: null,
      },
    },
  },
  contacts: {
    phone: "+37120000000",
    email: "support@dostavka.demo",
    workingHours: weeklySchedule({ from: "08:00", until: "23:00" }),
  },
  settings: {
    maxVendorsPerCart: 3,
    brandColour: "#f97316",
    textLogo: true,
    mapTileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    suspendedUrls: { demo: null, prod: null },
    // The native app's webview on Android (Capacitor serves it from https://localhost).
    returnOrigins: ["https://localhost"],
  },
} satisfies NewPartner;

/** A partner whose service is suspended, to see the 423 answer and its redirect. */
export const SUSPENDED_PARTNER = {
  ...DEMO_PARTNER,
  code: "suspended-demo",
  name: "Suspended Demo",
  status: "SUSPENDED",
  defaultLocalityCode: null,
  settings: {
    ...DEMO_PARTNER.settings,
    suspendedUrls: { demo: "https://example.com/demo-ended", prod: "https://example.com/service-paused" },
  },
} satisfies NewPartner;

/** The host the suspended partner answers on, so its storefront's redirect can be seen in a browser. */
export const SUSPENDED_PARTNER_HOST = "paused.localhost";
