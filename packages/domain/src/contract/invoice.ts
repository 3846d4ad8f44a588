import { z } from "zod";

export const invoiceQuerySchema = z.object({
  externalBrowser: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true")
    .describe("true: answer a short-lived link to open the PDF in an external browser"),
});

export const invoiceLinkSchema = z.object({
  url: z.string().describe("opens the PDF without a session; valid for 10 minutes"),
  expiresAt: z.string(),
});
export type InvoiceLink = z.infer<typeof invoiceLinkSchema>;

export const invoiceTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{10,200}\.[A-Za-z0-9_-]{43}$/, "is not an invoice link"),
});

export const invoiceEmailSchema = z.object({
  email: z.email("must be a valid e-mail").max(200),
});
export const invoiceEmailAnswerSchema = z.object({ sentTo: z.string() });

/** The PDF itself, as OpenAPI describes a file. */
export const invoicePdfSchema = z.string().describe("the invoice, application/pdf");
