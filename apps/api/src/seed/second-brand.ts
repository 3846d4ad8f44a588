import { weeklySchedule } from "@storefront/domain";
import type { partners } from "../db/schema.ts";
import type { ContentPageTemplate, LocalityTemplate } from "./content/types.ts";
import { DEMO_PARTNER } from "./partner.ts";

type NewPartner = typeof partners.$inferInsert;

/**
 * The demo's second brand, served by the same deployment on its own host (verde.localhost): its own
 * name, colour, city, vendors, staff and couriers, so one `npm start` shows two brands side by side.
 */
export const SECOND_BRAND = {
  code: "verde",
  name: "Verde Demo",
  type: "DEMO",
  status: "ACTIVE",
  defaultLocalityCode: "lisboa",
  publicInfo: {
    platformName: "Verde",
    partnerOfficialName: "Verde Entregas Demo, Lda.",
    partnerOfficialAddress: "Avenida da Liberdade 110, 1250-146 Lisboa, Portugal",
    partnerCertificate: "NIPC 500000000 (demo)",
    links: {
      aboutUs: "/cms/about",
      termsOfUse: null,
      privacyPolicy: null,
      becomeACourier: null,
      becomeAVendor: null,
      iosApp: null,
      androidApp: null,
      socialNetworks: {
        facebook: null,
        instagram: "https://www.instagram.com/verde.demo",
        telegram: null,
        twitter: null,
        linkedin: null,
      },
    },
  },
  contacts: {
    phone: "+351210000000",
    email: "ajuda@verde.example",
    workingHours: weeklySchedule({ from: "09:00", until: "22:00" }),
  },
  settings: {
    maxVendorsPerCart: 2,
    brandColour: "#15803d",
    textLogo: true,
    mapTileUrl: DEMO_PARTNER.settings.mapTileUrl,
    suspendedUrls: { demo: null, prod: null },
  },
} satisfies NewPartner;

/** The host the second brand answers on: every browser takes `*.localhost` for this machine. */
export const SECOND_BRAND_HOST = "verde.localhost";

export const SECOND_BRAND_STAFF = [
  { email: "owner@verde.example", name: "Inês Carvalho", role: "OWNER" },
  { email: "manager@verde.example", name: "Tiago Santos", role: "MANAGER" },
] as const;

export const SECOND_BRAND_COURIERS = [
  { name: "Rui Almeida", phone: "+351912000101" },
  { name: "Marta Sousa", phone: "+351912000202" },
] as const;

export const LISBOA: LocalityTemplate = {
  code: "lisboa",
  name: {
    ar: "لشبونة",
    en: "Lisbon",
    es: "Lisboa",
    fr: "Lisbonne",
    it: "Lisbona",
    lv: "Lisabona",
    mg: "Lisbonne",
    pt: "Lisboa",
    bg: "Лисабон",
    ru: "Лиссабон",
    uk: "Лісабон",
  },
  timeZone: "Europe/Lisbon",
  currencyCode: "EUR",
  countryCode: "PT",
  lang: "pt",
  priceFactor: 1,
  priceStep: 0.1,
  center: [38.7223, -9.1393],
  zone: [
    [38.77, -9.16],
    [38.765, -9.11],
    [38.745, -9.09],
    [38.712, -9.1],
    [38.698, -9.14],
    [38.705, -9.19],
    [38.73, -9.205],
    [38.757, -9.19],
  ],
  city: "Lisboa",
  country: "Portugal",
  vendors: [
    {
      name: "Pizzaria do Tejo",
      menu: "pizzeria",
      street: "Rua Augusta",
      houseNumber: "45",
      position: [38.7105, -9.1368],
      rating: 4.6,
      ratingsCount: 980,
      hours: "LONG",
      deliveryFee: 1.5,
    },
    {
      name: "Sushi Alfama",
      menu: "sushi",
      street: "Rua de São Miguel",
      houseNumber: "12",
      position: [38.7118, -9.1292],
      rating: 4.7,
      ratingsCount: 640,
      hours: "REGULAR",
      deliveryFee: 0,
    },
    {
      name: "Hambúrguer do Bairro",
      menu: "burgers",
      street: "Rua da Rosa",
      houseNumber: "88",
      position: [38.7139, -9.1453],
      rating: 4.5,
      ratingsCount: 1320,
      hours: "OVERNIGHT",
      deliveryFee: 1.9,
    },
    {
      name: "Pastelaria Belém Nova",
      menu: "bakery",
      street: "Rua de Belém",
      houseNumber: "7",
      position: [38.7205, -9.1505],
      rating: 4.9,
      ratingsCount: 2750,
      hours: "BREAKFAST",
      deliveryFee: 0,
    },
    {
      name: "Café Chiado",
      menu: "coffee",
      street: "Rua Garrett",
      houseNumber: "120",
      position: [38.7107, -9.1422],
      rating: 4.4,
      ratingsCount: 410,
      hours: "REGULAR",
      deliveryFee: 1.2,
    },
    {
      name: "Mercearia Verde",
      menu: "grocery",
      street: "Avenida Almirante Reis",
      houseNumber: "64",
      position: [38.7262, -9.1349],
      rating: 4.3,
      ratingsCount: 350,
      hours: "ALWAYS",
      deliveryFee: 2.5,
    },
  ],
};

export const SECOND_BRAND_PAGES: ContentPageTemplate[] = [
  {
    slug: "about",
    title: {
      ar: "عن Verde",
      en: "About Verde",
      es: "Sobre Verde",
      fr: "À propos de Verde",
      it: "Chi siamo",
      lv: "Par Verde",
      mg: "Momba ny Verde",
      pt: "Sobre a Verde",
      bg: "За Verde",
      ru: "О сервисе Verde",
      uk: "Про сервіс Verde",
    },
    body: {
      en: "Verde delivers from Lisbon's neighbourhood kitchens, bakeries and grocers.\n\nThis is the demo's second brand, served by the same installation on its own address: its restaurants, prices and orders are its own. No real orders are delivered.",
      pt: "A Verde entrega das cozinhas, pastelarias e mercearias dos bairros de Lisboa.\n\nEsta é a segunda marca da demonstração, servida pela mesma instalação no seu próprio endereço: os seus restaurantes, preços e encomendas são só seus. Nenhuma encomenda real é entregue.",
    },
  },
];
