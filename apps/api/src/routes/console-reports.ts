import { staffMay } from "@storefront/domain";
import { consoleReportQuerySchema, consoleReportSchema } from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { readConsoleReport } from "../console/console-reports.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { consoleErrors, consoleSecurity, consoleTags } from "./console-schemas.ts";

/** The partner's reports, for its owners and managers: a city's (or a vendor's) orders over days. */
export function consoleReportRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/console/reports",
      {
        schema: {
          summary: "A city's or a vendor's orders, revenue, rates, best sellers, delivery times and ratings",
          description:
            "Orders placed from `from` to `to` (the city's days, at most 92) in the city, or only those with " +
            "`vendorId` (then revenue and products are the vendor's part). Revenue and the average basket " +
            "leave out declined and cancelled orders; delivery times are of completed deliveries ordered " +
            "for as soon as possible, against the longest time promised at checkout.",
          tags: consoleTags,
          security: consoleSecurity,
          querystring: consoleReportQuerySchema,
          response: { 200: consoleReportSchema, ...consoleErrors },
        },
      },
      async (request) => {
        if (!staffMay(request.console.staff.role, "reports.read"))
          throw new AppError(403, "ForbiddenException", "This role does not read reports");
        return readConsoleReport(services.db, request.console.partner.id, request.query);
      },
    );
  };
}
