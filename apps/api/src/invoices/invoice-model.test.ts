import { formatMoney, numberFormat, SUPPORTED_LOCALES } from "@storefront/domain";
import type { CartItem, Order } from "@storefront/domain/contract";
import { describe, expect, it } from "vitest";
import { DEMO_PARTNER } from "../seed/partner.ts";
import { INVOICE_LABELS } from "./invoice-labels.ts";
import {
  buildInvoiceModel,
  type InvoiceModel,
  type InvoiceSource,
  invoiceNumberOf,
} from "./invoice-model.ts";

function item(name: string, price: number, count: number, components: CartItem["components"] = []): CartItem {
  return {
    cartProductId: 1,
    productId: 1,
    name,
    count,
    price,
    originalPrice: price,
    discountPrice: null,
    discount: 0,
    totalPrice: price * count,
    comment: null,
    image: null,
    components,
  };
}

const wasabi = { id: 7, groupId: 3, name: "Wasabi", count: 2, price: 0.5, originalPrice: 0.5 };
const vendorCart: Order["vendorCarts"][number] = {
  vendorCartId: 1,
  vendorId: 1,
  vendorName: "Sushi Sakura",
  vendorAvatar: null,
  receiptTypes: ["DELIVERY", "TAKEAWAY"],
  items: [item("Philadelphia roll", 9.5, 2, [wasabi]), item("Miso soup", 3, 1)],
  totalPrice: 22,
  originalTotalPrice: 22,
  deliveryCost: 2.5,
  minOrderPrice: 8,
  amountToGetFreeDelivery: null,
  minEstimatedDeliveryDuration: 30,
  maxEstimatedDeliveryDuration: 40,
  cutlery: 0,
  allowsCutlery: true,
  maxCutlery: null,
};

function sourceIn(lang: InvoiceSource["lang"], change: Partial<InvoiceSource["order"]> = {}): InvoiceSource {
  return {
    lang,
    partner: { code: "demo", publicInfo: DEMO_PARTNER.publicInfo, brandColour: "#f97316" },
    order: {
      id: 123,
      createdAt: new Date("2026-11-23T12:00:00Z"),
      receiptType: "DELIVERY",
      paymentType: "CASH",
      promoCode: "WELCOME5",
      currencyCode: "EUR",
      snapshot: {
        localityCode: "riga",
        address: {
          customerAddressId: null,
          latitude: 56.9496,
          longitude: 24.1052,
          formattedAddress: "Brīvības iela 1, Rīga",
          shortAddress: null,
        },
        vendorCarts: [vendorCart],
        prices: {
          cartTotal: 22,
          finalTotal: 21.5,
          originalTotal: 22,
          deliveryTotal: 2.5,
          taxTotal: 3.73,
          taxes: [{ name: "PVN", rate: 21, included: true, amount: 3.73 }],
          fees: [{ name: null, description: "Covers support", amount: 0.5 }],
          amountToGetFreeDelivery: null,
          discounts: [{ type: "PROMOCODE", promoType: "FIXED", discountTotal: 5 }],
          tipAmount: 1.5,
        },
      },
      ...change,
    },
    customer: { name: "Anna Bērziņa", phone: "37120000000" },
    timeZone: "Europe/Riga",
  };
}

/** Values without the isolate marks that keep them left to right inside Arabic. */
const plainText = (value: string) => value.replace(/[\u2066-\u2069]/g, "");
/** No-break spaces, as Intl writes them between an amount and its currency, read as spaces. */
const spaced = (value = "") => value.replace(/[\u00A0\u202F]/g, " ");
const detailOf = (model: InvoiceModel, label: string) =>
  plainText(model.details.find((d) => d.label === label)?.value ?? "");

describe("the invoice model", () => {
  it.each(SUPPORTED_LOCALES)("is written in %s, with every amount in its money format", (lang) => {
    const labels = INVOICE_LABELS[lang];
    const money = (amount: number) => formatMoney(amount, "EUR", lang);
    const model = buildInvoiceModel(sourceIn(lang));

    expect(model).toMatchObject({ lang, direction: lang === "ar" ? "rtl" : "ltr", title: labels.invoice });
    expect(model.seller).toEqual({
      platformName: "Dostavka",
      officialName: "Dostavka Demo SIA",
      address: "Brīvības iela 68, Rīga, LV-1011, Latvija",
      certificate: "Reg. No. 40003000000 (demo)",
    });
    expect(model.details.map((d) => d.label)).toEqual([
      labels.invoiceNumber,
      labels.invoiceDate,
      labels.orderNumber,
      labels.customer,
      labels.phone,
      labels.orderType,
      labels.deliveryAddress,
      labels.payment,
    ]);
    expect(detailOf(model, labels.invoiceNumber)).toBe("DEMO-000123");
    expect(detailOf(model, labels.phone)).toBe("+371 20 000 000");
    expect(detailOf(model, labels.orderType)).toBe(labels.delivery);
    expect(detailOf(model, labels.deliveryAddress)).toBe("Brīvības iela 1, Rīga");
    expect(detailOf(model, labels.payment)).toBe(labels.cash);

    expect(model.columns).toEqual({
      item: labels.item,
      quantity: labels.quantity,
      unitPrice: labels.unitPrice,
      amount: labels.amount,
    });
    expect(model.vendors).toEqual([
      {
        name: "Sushi Sakura",
        lines: [
          {
            name: "Philadelphia roll",
            options: [`Wasabi × ${new Intl.NumberFormat(lang).format(2)}`],
            quantity: new Intl.NumberFormat(lang).format(2),
            unitPrice: money(9.5),
            amount: money(19),
          },
          { name: "Miso soup", options: [], quantity: "1", unitPrice: money(3), amount: money(3) },
        ],
      },
    ]);

    const percent = numberFormat(lang, { style: "percent" }).format(0.21);
    expect(model.totals).toEqual([
      { label: labels.productsTotal, amount: money(22), kind: "charge" },
      { label: labels.deliveryCost, amount: money(2.5), kind: "charge" },
      { label: labels.promoCode.replace("{code}", "WELCOME5"), amount: money(-5), kind: "discount" },
      { label: labels.serviceFee, amount: money(0.5), kind: "charge" },
      { label: `PVN ${percent} (${labels.included})`, amount: money(3.73), kind: "included" },
      { label: labels.tip, amount: money(1.5), kind: "charge" },
      { label: labels.total, amount: money(21.5), kind: "total" },
    ]);
    expect(model.thanks).toBe(labels.thanks);
  });

  it("reads as Arabic and as Ukrainian would have it", () => {
    const arabic = buildInvoiceModel(sourceIn("ar"));
    expect(arabic.title).toBe("فاتورة");
    expect(arabic.totals.at(-1)?.label).toBe("الإجمالي");
    expect(spaced(arabic.totals.at(-1)?.amount)).toBe("\u200F21.50 €");
    expect(arabic.totals[2]?.label).toBe("رمز الخصم WELCOME5");
    expect(detailOf(arabic, "التاريخ")).toBe("23 نوفمبر 2026 في 14:00");

    const ukrainian = buildInvoiceModel(sourceIn("uk"));
    expect(ukrainian.title).toBe("Рахунок");
    expect(ukrainian.totals.at(-1)?.label).toBe("Разом");
    expect(spaced(ukrainian.totals.at(-1)?.amount)).toBe("21,50 EUR");
    expect(ukrainian.totals[4]?.label).toBe("PVN 21% (включено)");
    expect(detailOf(ukrainian, "Дата")).toBe("23 листопада 2026 р. о 14:00");
  });

  it("says takeaway without an address or a delivery line, and pays online", () => {
    const labels = INVOICE_LABELS.en;
    const model = buildInvoiceModel(sourceIn("en", { receiptType: "TAKEAWAY", paymentType: "ONLINE" }));
    expect(detailOf(model, labels.orderType)).toBe(labels.takeaway);
    expect(model.details.some((d) => d.label === labels.deliveryAddress)).toBe(false);
    expect(model.totals.some((t) => t.label === labels.deliveryCost)).toBe(false);
    expect(detailOf(model, labels.payment)).toBe(labels.online);
  });

  it("numbers invoices by partner and order", () => {
    expect(invoiceNumberOf("demo", 7)).toBe("DEMO-000007");
    expect(invoiceNumberOf("acme", 12_345_678)).toBe("ACME-12345678");
  });
});
