import { type Locale, localeFromTag } from "@storefront/domain";
import { findLocalityById } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { findCustomerOrder } from "../orders/order-history.ts";
import { assertPartnerActive, type Partner } from "../plugins/partner.ts";
import { findPartnerById } from "../plugins/partner-repository.ts";
import { findInvoiceCustomer } from "./invoice-customers-repository.ts";
import { chooseInvoiceLanguage, fillLabel, INVOICE_LABELS } from "./invoice-labels.ts";
import { INVOICE_LINK_MINUTES, type InvoiceLinks } from "./invoice-links.ts";
import { buildInvoiceModel, type InvoiceModel } from "./invoice-model.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import type { Mailer } from "./mailer.ts";

export interface InvoiceRequest {
  partner: Partner;
  userId: number;
  orderId: number;
  /** The language the app or browser asked for (Accept-Language), if a supported one. */
  requested: Locale | null;
}

/** The invoice of one of the customer's own orders (another's is a 404), in the reader's language. */
export async function loadInvoice(db: Database, request: InvoiceRequest): Promise<InvoiceModel> {
  const order = await findCustomerOrder(
    db,
    { partnerId: request.partner.id, userId: request.userId },
    request.orderId,
  );
  const [customer, locality] = await Promise.all([
    findInvoiceCustomer(db, order.userId),
    findLocalityById(db, order.localityId),
  ]);
  const lang = chooseInvoiceLanguage({
    customer: localeFromTag(customer?.lang),
    requested: request.requested,
    locality: localeFromTag(locality.lang) ?? "en",
  });
  return buildInvoiceModel({
    lang,
    partner: {
      code: request.partner.code,
      publicInfo: request.partner.publicInfo,
      brandColour: request.partner.settings.brandColour,
    },
    order,
    customer: { name: customer?.name ?? null, phone: customer?.phone ?? "" },
    timeZone: locality.timeZone,
  });
}

/** A 10-minute link to the invoice of one of the customer's own orders (another's is a 404). */
export async function signInvoiceLink(
  db: Database,
  links: InvoiceLinks,
  request: InvoiceRequest,
  now: Date,
): Promise<{ path: string; expiresAt: Date }> {
  const { partner, userId, orderId, requested } = request;
  await findCustomerOrder(db, { partnerId: partner.id, userId }, orderId);
  const expiresAt = new Date(now.getTime() + INVOICE_LINK_MINUTES * 60_000);
  const token = links.sign({ partnerId: partner.id, userId, orderId, requested, expiresAt });
  return { path: `/api/invoices/${token}`, expiresAt };
}

/** The partner a signed invoice link names; a suspended one serves no invoices. */
export async function findLinkPartner(db: Database, partnerId: number): Promise<Partner> {
  const partner = await findPartnerById(db, partnerId);
  if (!partner) throw new AppError(404, "OrderNotFoundException", "Order not found");
  assertPartnerActive(partner);
  return partner;
}

export function invoiceFileName(orderId: number): string {
  return `invoice-${orderId}.pdf`;
}

/** Sends the invoice as a PDF attachment, from the partner's support address, in the invoice's language. */
export async function emailInvoice(
  mailer: Mailer,
  input: { partner: Partner; orderId: number; to: string; invoice: InvoiceModel },
): Promise<void> {
  const { partner, orderId, invoice } = input;
  const labels = INVOICE_LABELS[invoice.lang];
  const values = { platform: invoice.seller.platformName, number: invoice.number, order: String(orderId) };
  await mailer.send({
    partnerId: partner.id,
    from: { name: invoice.seller.platformName, address: partner.contacts.email },
    to: input.to,
    subject: fillLabel(labels.emailSubject, values),
    text: fillLabel(labels.emailText, values),
    attachments: [
      {
        filename: invoiceFileName(orderId),
        content: await renderInvoicePdf(invoice),
        contentType: "application/pdf",
      },
    ],
  });
}
