import { describe, expect, it } from "vitest";
import {
  adminFormSchema,
  bannerFormSchema,
  brandFormSchema,
  categoryFormSchema,
  citySettingsFormSchema,
  courierFormSchema,
  newCityFormSchema,
  orderMoveFormSchema,
  orderRefundFormSchema,
  productRowFormSchema,
  vendorProfileFormSchema,
} from "./console-forms.ts";
import { formFieldErrorsOf, formFieldsOf } from "./form-fields.ts";

/** A form as the browser sends it: its entries in order. */
const sent = (entries: Array<[string, string]>) => formFieldsOf(entries);

describe("formFieldsOf", () => {
  it.each([
    { entries: [], fields: {} },
    { entries: [["a", "1"]], fields: { a: "1" } },
    { entries: [["a.b", "1"]], fields: { "a.b": "1" } },
    {
      entries: [
        ["a", "1"],
        ["a", "2"],
      ],
      fields: { a: ["1", "2"] },
    },
    {
      entries: [
        ["a", "1"],
        ["a", "2"],
        ["a", "3"],
        ["b", ""],
      ],
      fields: { a: ["1", "2", "3"], b: "" },
    },
  ] as Array<{ entries: Array<[string, string]>; fields: object }>)(
    "$entries → $fields",
    ({ entries, fields }) => {
      expect(formFieldsOf(entries)).toEqual(fields);
    },
  );
});

describe("citySettingsFormSchema", () => {
  const settingsForm: Array<[string, string]> = [
    ["code", "riga"],
    ["lang", "lv"],
    ["currencyCode", "eur"],
    ["minOrderPrice", "10"],
    ["maxCashOrder", ""],
    ["preorderDays", "3"],
    ["receiptTypes", "DELIVERY"],
    ["paymentTypes", "CASH"],
    ["paymentTypes", "ONLINE"],
    ["delivery.includedKm", "2"],
    ["delivery.perKm", "0.5"],
    ["delivery.step", ""],
    ["freeDeliveryFrom", "40"],
    ["courierKmh", "18"],
    ["tips.enabled", "on"],
    ["tips.max", "10"],
    ["tips.step", "1"],
    ["tips.values", "2"],
    ["tips.values", ""],
    ["tips.values", " 5 "],
    ["referral.discount.en", "5 off"],
  ];

  it("reads the form as the API's body, empty amounts as 0 or none", () => {
    expect(citySettingsFormSchema.parse(sent(settingsForm))).toEqual({
      code: "riga",
      settings: expect.objectContaining({
        lang: "lv",
        currencyCode: "eur",
        minOrderPrice: 10,
        maxCashOrder: null,
        preorderDays: 3,
        receiptTypes: ["DELIVERY"],
        paymentTypes: ["CASH", "ONLINE"],
        showStoredCards: false,
        delivery: { includedKm: 2, perKm: 0.5, step: 0 },
        freeDeliveryFrom: 40,
        courierKmh: 18,
        tips: { enabled: true, max: 10, step: 1, values: [2, 5] },
      }),
    });
    const { settings } = citySettingsFormSchema.parse(sent(settingsForm));
    expect(settings.referral.enabled).toBe(false);
    expect(settings.referral.discountDescription.en).toBe("5 off");
    expect(settings.referral.bonusDescription.en).toBe("");
  });

  it.each([
    {
      case: "on, every field typed",
      loyalty: [
        ["loyalty.enabled", "on"],
        ["loyalty.earnPoints", "1"],
        ["loyalty.earnPer", "1.50"],
        ["loyalty.pointValue", " 0.01 "],
        ["loyalty.minimumToRedeem", "100"],
        ["loyalty.expiryMonths", "12"],
        ["loyalty.welcomeBonus", "50"],
      ],
      programme: {
        enabled: true,
        earnPoints: 1,
        earnPer: 1.5,
        pointValue: 0.01,
        minimumToRedeem: 100,
        expiryMonths: 12,
        welcomeBonus: 50,
      },
    },
    {
      case: "off, expiry empty as never, points empty as none",
      loyalty: [
        ["loyalty.earnPoints", "10"],
        ["loyalty.earnPer", "1000"],
        ["loyalty.pointValue", "1"],
        ["loyalty.minimumToRedeem", ""],
        ["loyalty.expiryMonths", ""],
        ["loyalty.welcomeBonus", ""],
      ],
      programme: {
        enabled: false,
        earnPoints: 10,
        earnPer: 1000,
        pointValue: 1,
        minimumToRedeem: 0,
        expiryMonths: null,
        welcomeBonus: 0,
      },
    },
  ] as Array<{ case: string; loyalty: Array<[string, string]>; programme: object }>)(
    "reads the loyalty programme: $case",
    ({ loyalty, programme }) => {
      const { settings } = citySettingsFormSchema.parse(sent([...settingsForm, ...loyalty]));
      expect(settings.loyalty).toEqual(programme);
    },
  );

  it.each([
    { name: "minOrderPrice", value: "ten", field: "minOrderPrice" },
    { name: "delivery.perKm", value: "x", field: "delivery.perKm" },
    { name: "receiptTypes", value: "BY_AIR", field: "receiptTypes.0" },
    { name: "showStoredCards", value: "yes", field: "showStoredCards" },
    { name: "loyalty.enabled", value: "yes", field: "loyalty.enabled" },
    { name: "loyalty.earnPoints", value: "one", field: "loyalty.earnPoints" },
    { name: "loyalty.pointValue", value: "1,5", field: "loyalty.pointValue" },
    { name: "loyalty.expiryMonths", value: "never", field: "loyalty.expiryMonths" },
  ])("refuses $name = $value, naming its input", ({ name, value, field }) => {
    const parsed = citySettingsFormSchema.safeParse(
      // The field in question holds only the value tried.
      sent([...settingsForm.filter(([sentName]) => sentName !== name), [name, value]]),
    );
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(formFieldErrorsOf(parsed.error)[0]?.field).toBe(field);
  });
});

describe("newCityFormSchema", () => {
  const cityForm: Array<[string, string]> = [
    ["intent", "add-city"],
    ["city.name", " Tukums "],
    ["city.code", "tukums"],
    ["city.lang", "lv"],
    ["city.timeZone", "Europe/Riga"],
    ["city.currencyCode", "EUR"],
    ["city.countryCode", "LV"],
    ["city.latitude", "56.97"],
    ["city.longitude", "23.15"],
    ["city.radiusKm", "5"],
  ];

  it("reads the new city as the API takes it", () => {
    expect(newCityFormSchema.parse(sent(cityForm))).toEqual({
      code: "tukums",
      name: "Tukums",
      lang: "lv",
      currencyCode: "EUR",
      countryCode: "LV",
      timeZone: "Europe/Riga",
      center: { latitude: 56.97, longitude: 23.15 },
      radiusKm: 5,
    });
  });

  it("refuses a centre left empty, naming its input", () => {
    const parsed = newCityFormSchema.safeParse(
      sent(cityForm.map(([name, value]) => [name, name === "city.latitude" ? "" : value])),
    );
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(formFieldErrorsOf(parsed.error).map((error) => error.field)).toEqual(["city.latitude"]);
  });
});

describe("orderRefundFormSchema", () => {
  const key = "6f1c2f4e-3a59-4d1b-9a67-0c6a2f0e5b11";
  it.each([
    { amount: "2.5", reason: " Soup was missing ", body: { amount: 2.5, reason: "Soup was missing" } },
    { amount: " 7 ", reason: "Late", body: { amount: 7, reason: "Late" } },
    // The API judges the amount (more than zero, whole cents, not more than is left) and the reason.
    { amount: "0", reason: "", body: { amount: 0, reason: "" } },
    { amount: "2.505", reason: "Cold", body: { amount: 2.505, reason: "Cold" } },
  ])("reads $amount, $reason", ({ amount, reason, body }) => {
    const form = sent([
      ["intent", "refund"],
      ["amount", amount],
      ["reason", reason],
      ["requestKey", key],
    ]);
    expect(orderRefundFormSchema.parse(form)).toEqual({ refund: { ...body, requestKey: key } });
  });

  it.each([
    { amount: "", field: "amount" },
    { amount: "two", field: "amount" },
  ])("refuses the amount $amount at $field", ({ amount, field }) => {
    const parsed = orderRefundFormSchema.safeParse(
      sent([
        ["intent", "refund"],
        ["amount", amount],
        ["reason", "Late"],
        ["requestKey", key],
      ]),
    );
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(formFieldErrorsOf(parsed.error)[0]?.field).toBe(field);
  });
});

describe("the console's other forms", () => {
  it.each([
    {
      schema: productRowFormSchema,
      form: [
        ["productId", "7"],
        ["price", "4.5"],
        ["discountPrice", ""],
        ["hidden", "on"],
      ],
      body: { productId: 7, change: { price: 4.5, discountPrice: null, available: true, visible: false } },
    },
    {
      schema: orderMoveFormSchema,
      form: [
        ["action", "accept"],
        ["preparationMinutes", "20"],
        ["reason", " "],
      ],
      body: { action: "accept", move: { preparationMinutes: 20 } },
    },
    {
      schema: orderMoveFormSchema,
      form: [
        ["action", "decline"],
        ["reason", " closed "],
      ],
      body: { action: "decline", move: { reason: "closed" } },
    },
    {
      schema: courierFormSchema,
      form: [
        ["intent", "change"],
        ["courierId", "3"],
        ["active", "false"],
      ],
      body: { intent: "change", courierId: 3, active: "false" },
    },
    {
      schema: categoryFormSchema,
      form: [
        ["city", "riga"],
        ["name.en", " Soups "],
        ["parentId", ""],
        ["sort", ""],
      ],
      body: {
        intent: "save",
        id: null,
        city: "riga",
        category: expect.objectContaining({ parentId: null, top: false, sort: 0 }),
      },
    },
    {
      schema: bannerFormSchema,
      form: [
        ["id", "2"],
        ["opens", "url"],
        ["url", "https://example.com"],
        ["vendorId", "5"],
        ["visible", "on"],
      ],
      body: {
        id: 2,
        delete: false,
        banner: expect.objectContaining({
          vendorId: null,
          url: "https://example.com",
          visible: true,
          sort: 0,
        }),
      },
    },
    {
      schema: vendorProfileFormSchema,
      form: [
        ["receiptTypes", "DELIVERY"],
        ["categoryIds", "1"],
        ["categoryIds", "4"],
        ["workingHours", ""],
      ],
      body: expect.objectContaining({
        receiptTypes: ["DELIVERY"],
        categoryIds: [1, 4],
        workingHours: [],
        closures: [],
      }),
    },
    {
      schema: adminFormSchema,
      form: [
        ["intent", "status"],
        ["code", "demo"],
        ["name", "Demo"],
        ["status", "SUSPENDED"],
      ],
      body: { intent: "status", code: "demo", name: "Demo", status: "SUSPENDED" },
    },
    {
      schema: adminFormSchema,
      form: [
        ["intent", "own-stripe"],
        ["code", "demo"],
        ["name", "Demo"],
        ["secretKey", " sk_test_51Abc4242 "],
        ["webhookSecret", "whsec_x-1"],
      ],
      body: {
        intent: "own-stripe",
        code: "demo",
        name: "Demo",
        account: { provider: "stripe", secretKey: "sk_test_51Abc4242", webhookSecret: "whsec_x-1" },
      },
    },
    {
      // The keys' shape is the API's to judge, so that its refusal names the field to correct.
      schema: adminFormSchema,
      form: [
        ["intent", "own-stripe"],
        ["code", "demo"],
        ["name", "Demo"],
      ],
      body: {
        intent: "own-stripe",
        code: "demo",
        name: "Demo",
        account: { provider: "stripe", secretKey: "", webhookSecret: "" },
      },
    },
    {
      // The key file pasted whole, its shape the API's to judge.
      schema: adminFormSchema,
      form: [
        ["intent", "own-push"],
        ["code", "verde"],
        ["name", "Verde"],
        ["serviceAccount", ' {"project_id": "verde-app"}\n'],
      ],
      body: {
        intent: "own-push",
        code: "verde",
        name: "Verde",
        account: { serviceAccount: '{"project_id": "verde-app"}' },
      },
    },
    {
      schema: adminFormSchema,
      form: [
        ["intent", "deployment-payments"],
        ["code", "demo"],
        ["name", "Demo"],
      ],
      body: { intent: "deployment-payments", code: "demo", name: "Demo" },
    },
    {
      // One box ticked per city; the project's shape and an empty list are the API's to judge.
      schema: adminFormSchema,
      form: [
        ["intent", "firebase-sign-in"],
        ["code", "verde"],
        ["name", "Verde"],
        ["projectId", " verde-shop-1a2b3 "],
        ["apiKey", "AIzaSyExampleWebKey0123"],
        ["authDomain", "verde-shop-1a2b3.firebaseapp.com"],
        ["cities", "lisboa"],
        ["cities", "porto"],
      ],
      body: {
        intent: "firebase-sign-in",
        code: "verde",
        name: "Verde",
        project: {
          projectId: "verde-shop-1a2b3",
          apiKey: "AIzaSyExampleWebKey0123",
          authDomain: "verde-shop-1a2b3.firebaseapp.com",
          cities: ["lisboa", "porto"],
        },
      },
    },
    {
      schema: adminFormSchema,
      form: [
        ["intent", "firebase-sign-in"],
        ["code", "verde"],
        ["name", "Verde"],
      ],
      body: {
        intent: "firebase-sign-in",
        code: "verde",
        name: "Verde",
        project: { projectId: "", apiKey: "", authDomain: "", cities: [] },
      },
    },
    {
      schema: adminFormSchema,
      form: [
        ["intent", "sms-sign-in"],
        ["code", "verde"],
        ["name", "Verde"],
      ],
      body: { intent: "sms-sign-in", code: "verde", name: "Verde" },
    },
  ] as Array<{ schema: { parse(fields: unknown): unknown }; form: Array<[string, string]>; body: unknown }>)(
    "reads $form",
    ({ schema, form, body }) => {
      expect(schema.parse(sent(form))).toEqual(body);
    },
  );

  it.each([
    { schema: orderMoveFormSchema, form: [["action", "teleport"]], field: "action" },
    {
      schema: courierFormSchema,
      form: [
        ["intent", "change"],
        ["courierId", ""],
      ],
      field: "courierId",
    },
    { schema: vendorProfileFormSchema, form: [["closures", "[oops"]], field: "closures" },
    { schema: categoryFormSchema, form: [["top", "yes"]], field: "top" },
    { schema: adminFormSchema, form: [["intent", "own-paypal"]], field: "intent" },
  ] as Array<{
    schema: { safeParse(fields: unknown): { success: boolean; error?: unknown } };
    form: Array<[string, string]>;
    field: string;
  }>)("refuses $form at $field", ({ schema, form, field }) => {
    const parsed = schema.safeParse(sent(form));
    expect(parsed.success).toBe(false);
    expect(formFieldErrorsOf(parsed.error as never)[0]?.field).toBe(field);
  });

  it("reads the brand's links into the footer's groups", () => {
    const brand = brandFormSchema.parse(
      sent([
        ["aboutUs", "/cms/about"],
        ["facebook", " https://fb.com/x "],
      ]),
    );
    expect(brand.textLogo).toBe(true);
    expect(brand.supportHours).toEqual([]);
    expect(brand.links).toMatchObject({
      aboutUs: "/cms/about",
      iosApp: "",
      socialNetworks: { facebook: "https://fb.com/x" },
    });
  });
});
