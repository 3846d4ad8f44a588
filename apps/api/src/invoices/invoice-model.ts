import { formatDateTime, formatMoney, type Locale, numberFormat } from "@storefront/domain";
import type { PublicInfo } from "@storefront/domain/contract";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { OrderRow } from "../orders/orders.ts";
import { fillLabel, INVOICE_LABELS, type InvoiceLabels } from "./invoice-labels.ts";

/** What an invoice is made of, read from the order, the partner and the customer. */
export interface InvoiceSource {
  lang: Locale;
  partner: { code: string; publicInfo: PublicInfo; brandColour: string };
  order: {
    id: number;
    createdAt: Date;
    receiptType: "DELIVERY" | "TAKEAWAY";
    paymentType: "CASH" | "ONLINE";
    promoCode: string | null;
    currencyCode: string;
    snapshot: OrderRow["snapshot"];
  };
  customer: { name: string | null; phone: string };
  timeZone: string;
}

export interface InvoiceLine {
  name: string;
  /** In a group order, whose line it is ("For Bea"). */
  person?: string;
  options: string[];
  quantity: string;
  unitPrice: string;
  amount: string;
}

export interface InvoiceTotal {
  label: string;
  amount: string;
  kind: "charge" | "discount" | "included" | "total";
}

/** The invoice as the reader sees it: every text already in their language, every amount formatted. */
export interface InvoiceModel {
  lang: Locale;
  direction: "ltr" | "rtl";
  accentColour: string;
  number: string;
  title: string;
  seller: { platformName: string; officialName: string; address: string; certificate: string };
  details: Array<{ label: string; value: string }>;
  columns: { item: string; quantity: string; unitPrice: string; amount: string };
  vendors: Array<{ name: string; lines: InvoiceLine[] }>;
  totals: InvoiceTotal[];
  thanks: string;
}

/** Isolates a left-to-right value (a phone, a number) so right-to-left text around it cannot reorder it. */
const isolateLtr = (value: string) => `\u2066${value}\u2069`;

/** Invoice numbers follow the order: the partner's code and the order id. */
export function invoiceNumberOf(partnerCode: string, orderId: number): string {
  return `${partnerCode.toUpperCase()}-${String(orderId).padStart(6, "0")}`;
}

function formatPhone(digits: string): string {
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
}

function formatPercent(rate: number, lang: Locale): string {
  return numberFormat(lang, { style: "percent", maximumFractionDigits: 2 }).format(rate / 100);
}

function deliveryDetails(source: InvoiceSource, labels: InvoiceLabels): InvoiceModel["details"] {
  if (source.order.receiptType === "TAKEAWAY") return [{ label: labels.orderType, value: labels.takeaway }];
  const address = source.order.snapshot.address;
  const place =
    address?.formattedAddress ?? address?.shortAddress ?? `${address?.latitude}, ${address?.longitude}`;
  return [
    { label: labels.orderType, value: labels.delivery },
    { label: labels.deliveryAddress, value: place },
  ];
}

function listTotals(source: InvoiceSource, labels: InvoiceLabels): InvoiceTotal[] {
  const { prices } = source.order.snapshot;
  const money = (amount: number) => formatMoney(amount, source.order.currencyCode, source.lang);
  const totals: InvoiceTotal[] = [
    { label: labels.productsTotal, amount: money(prices.cartTotal), kind: "charge" },
  ];
  if (source.order.receiptType === "DELIVERY")
    totals.push({ label: labels.deliveryCost, amount: money(prices.deliveryTotal), kind: "charge" });
  for (const discount of prices.discounts) {
    const label =
      discount.type === "LOYALTY"
        ? fillLabel(labels.loyaltyPoints, { points: String(discount.points) })
        : fillLabel(labels.promoCode, { code: source.order.promoCode ?? "" }).trim();
    totals.push({ label, amount: money(-discount.discountTotal), kind: "discount" });
  }
  for (const fee of prices.fees)
    totals.push({ label: fee.name ?? labels.serviceFee, amount: money(fee.amount), kind: "charge" });
  for (const tax of prices.taxes) {
    const name = `${tax.name ?? labels.tax} ${formatPercent(tax.rate, source.lang)}`;
    totals.push(
      tax.included
        ? { label: `${name} (${labels.included})`, amount: money(tax.amount), kind: "included" }
        : { label: name, amount: money(tax.amount), kind: "charge" },
    );
  }
  if (prices.tipAmount > 0)
    totals.push({ label: labels.tip, amount: money(prices.tipAmount), kind: "charge" });
  totals.push({ label: labels.total, amount: money(prices.finalTotal), kind: "total" });
  return totals;
}

/** Builds the invoice of an order in one language; the PDF only lays this out. */
export function buildInvoiceModel(source: InvoiceSource): InvoiceModel {
  const labels = INVOICE_LABELS[source.lang];
  const { order, customer, partner } = source;
  const money = (amount: number) => formatMoney(amount, order.currencyCode, source.lang);
  const count = numberFormat(source.lang);
  const number = invoiceNumberOf(partner.code, order.id);
  return {
    lang: source.lang,
    direction: source.lang === "ar" ? "rtl" : "ltr",
    accentColour: partner.brandColour,
    number,
    title: labels.invoice,
    seller: {
      platformName: partner.publicInfo.platformName,
      officialName: partner.publicInfo.partnerOfficialName,
      address: partner.publicInfo.partnerOfficialAddress,
      certificate: partner.publicInfo.partnerCertificate,
    },
    details: [
      { label: labels.invoiceNumber, value: isolateLtr(number) },
      {
        label: labels.invoiceDate,
        value: formatDateTime(order.createdAt, { locale: source.lang, timeZone: source.timeZone }, "long"),
      },
      { label: labels.orderNumber, value: isolateLtr(String(order.id)) },
      ...(customer.name ? [{ label: labels.customer, value: customer.name }] : []),
      { label: labels.phone, value: isolateLtr(formatPhone(customer.phone)) },
      ...deliveryDetails(source, labels),
      { label: labels.payment, value: order.paymentType === "CASH" ? labels.cash : labels.online },
    ],
    columns: {
      item: labels.item,
      quantity: labels.quantity,
      unitPrice: labels.unitPrice,
      amount: labels.amount,
    },
    vendors: order.snapshot.vendorCarts.map((vendorCart) => ({
      name: vendorCart.vendorName,
      lines: vendorCart.items.map((item) => ({
        name: item.name,
        ...(item.person ? { person: fillLabel(labels.forPerson, { name: item.person }) } : {}),
        options: item.components.map((c) => (c.count > 1 ? `${c.name} × ${count.format(c.count)}` : c.name)),
        quantity: count.format(item.count),
        unitPrice: money(item.price),
        amount: money(item.totalPrice),
      })),
    })),
    totals: listTotals(source, labels),
    thanks: labels.thanks,
  };
}
