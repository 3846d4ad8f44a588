import type { Locale } from "@storefront/domain";
import { apiErrorSchema, localeSchema } from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AuditActor } from "../console/audit-log-repository.ts";

/** What every console route's documentation shares: its tag, its session and its refusals. */
export const consoleTags = ["console"];

/** The language a screen's names and titles are read in: the console's (`?locale=`), else the member's. */
export const consoleReaderQuerySchema = z.object({
  locale: localeSchema
    .optional()
    .describe("the language of the names and titles: the console's; else the member's"),
});

/** That language for one request; `null` when neither the console nor the member has one. */
export function consoleReaderOf(
  request: FastifyRequest<{ Querystring: z.infer<typeof consoleReaderQuerySchema> }>,
): Locale | null {
  return request.query.locale ?? (request.console.staff.locale as Locale | null);
}

export const consoleSecurity = [{ consoleSession: [] }];
export const consoleErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  423: apiErrorSchema,
} as const;

/** Who makes a console request, as the audit log records them. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const { staff, partner } = request.console;
  return { partnerId: partner.id, staffId: staff.id, staffName: staff.name };
}
