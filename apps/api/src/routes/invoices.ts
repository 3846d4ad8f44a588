import {
  apiErrorSchema,
  idParamsSchema,
  invoiceEmailAnswerSchema,
  invoiceEmailSchema,
  invoiceLinkSchema,
  invoicePdfSchema,
  invoiceQuerySchema,
  invoiceTokenParamsSchema,
} from "@storefront/domain/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireCustomer } from "../accounts/current-customer.ts";
import { takeInvoiceEmailAllowance } from "../invoices/invoice-email-limit.ts";
import { renderInvoicePdf } from "../invoices/invoice-pdf.ts";
import {
  emailInvoice,
  findLinkPartner,
  invoiceFileName,
  loadInvoice,
  signInvoiceLink,
} from "../invoices/invoices.ts";
import type { AppServices } from "../services.ts";
import { customerErrorsWith404, customerSecurity } from "./schemas.ts";

const tags = ["customer: invoices"];
const security = customerSecurity;
const pdfAnswer = { "application/pdf": { schema: invoicePdfSchema } };

function sendPdf(reply: FastifyReply, pdf: Buffer, orderId: number, disposition: "attachment" | "inline") {
  return reply
    .type("application/pdf")
    .header("content-disposition", `${disposition}; filename="${invoiceFileName(orderId)}"`)
    .send(pdf);
}

/** The invoice of an order: its PDF, a link to open it elsewhere, or an e-mail with it attached. */
export function invoiceRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  const links = services.invoiceLinks;
  const { mailer } = services;
  return async (app) => {
    app.get(
      "/api/customer/me/orders/:id/invoice",
      {
        schema: {
          summary: "The order's invoice as a PDF, or with externalBrowser=true a 10-minute link to it",
          description:
            "In the customer's language (their profile's, else Accept-Language, else the locality's), with the partner's official details.",
          tags,
          security,
          params: idParamsSchema,
          querystring: invoiceQuerySchema,
          response: {
            200: {
              description: "the PDF, or the link as JSON",
              content: { ...pdfAnswer, "application/json": { schema: invoiceLinkSchema } },
            },
            ...customerErrorsWith404,
          },
        },
      },
      async (request, reply) => {
        const { user } = await requireCustomer(db, request, services.now());
        const ask = { partner: request.partner, userId: user.id, orderId: request.params.id };
        const invoiceRequest = { ...ask, requested: request.preferredLocale };
        if (!request.query.externalBrowser) {
          const pdf = await renderInvoicePdf(await loadInvoice(db, invoiceRequest));
          return sendPdf(reply, pdf, ask.orderId, "attachment");
        }
        const link = await signInvoiceLink(db, links, invoiceRequest, services.now());
        return {
          // On the configured address: a forged Host header must not send the customer elsewhere.
          url: new URL(
            link.path,
            await services.partnerHosts.publicUrlOf(request.partner.code, services.publicUrl),
          ).href,
          expiresAt: link.expiresAt.toISOString(),
        };
      },
    );

    app.post(
      "/api/customer/me/orders/:id/invoice/email",
      {
        schema: {
          summary: "E-mails the order's invoice as a PDF attachment",
          description: "At most 10 a customer in an hour; past that 429 with Retry-After.",
          tags,
          security,
          params: idParamsSchema,
          body: invoiceEmailSchema,
          response: { 200: invoiceEmailAnswerSchema, ...customerErrorsWith404, 429: apiErrorSchema },
        },
      },
      async (request) => {
        const now = services.now();
        const { user } = await requireCustomer(db, request, now);
        const ask = { partner: request.partner, userId: user.id, orderId: request.params.id };
        const invoice = await loadInvoice(db, { ...ask, requested: request.preferredLocale });
        await takeInvoiceEmailAllowance(db, { userId: user.id, orderId: ask.orderId, now });
        await emailInvoice(mailer, { ...ask, to: request.body.email, invoice });
        return { sentTo: request.body.email };
      },
    );
  };
}

/** Opens an invoice from a signed link, without a session or partner header (the native app's external browser). */
export function invoiceLinkRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  const links = services.invoiceLinks;
  return async (app) => {
    app.get(
      "/api/invoices/:token",
      {
        schema: {
          summary: "An invoice PDF from a signed link made by GET …/invoice?externalBrowser=true",
          tags,
          params: invoiceTokenParamsSchema,
          response: {
            200: { description: "the PDF", content: pdfAnswer },
            400: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            410: apiErrorSchema,
            423: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const claims = links.verify(request.params.token, services.now());
        const partner = await findLinkPartner(db, claims.partnerId);
        const invoice = await loadInvoice(db, { ...claims, partner });
        reply.header("cache-control", "private, no-store");
        return sendPdf(reply, await renderInvoicePdf(invoice), claims.orderId, "inline");
      },
    );
  };
}
