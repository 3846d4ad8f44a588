import { type StaffRole, staffMay } from "@storefront/domain";
import {
  consoleFunnelQuerySchema,
  consoleFunnelSchema,
  consoleReportQuerySchema,
  consoleReportSchema,
} from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { readConsoleFunnel } from "../console/console-funnel.ts";
import { readConsoleReport } from "../console/console-reports.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { consoleErrors, consoleSecurity, consoleTags } from "./console-schemas.ts";

function mayReadReports(role: StaffRole): void {
  if (!staffMay(role, "reports.read"))
    throw new AppError(403, "ForbiddenException", "This role does not read reports");
}

/** The partner's reports, for its owners and managers: a city's (or a vendor's) orders over days, and its funnel. */
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
        mayReadReports(request.console.staff.role);
        return readConsoleReport(services.db, request.console.partner.id, request.query);
      },
    );

    app.get(
      "/api/console/reports/funnel",
      {
        schema: {
          summary: "A city's storefront visits that reached a cart, a checkout and an order, per day",
          description:
            "Counted from the storefront's analytics events of the city (`localityCode` param) from `from` " +
            "to `to` (the city's days, at most 92): distinct visits (`visitId` param, a browser tab's " +
            "session) that sent `page_view`, `add_to_cart`, `checkout_started` and `order_placed`. " +
            "Browsers that ask not to be tracked send none.",
          tags: consoleTags,
          security: consoleSecurity,
          querystring: consoleFunnelQuerySchema,
          response: { 200: consoleFunnelSchema, ...consoleErrors },
        },
      },
      async (request) => {
        mayReadReports(request.console.staff.role);
        return readConsoleFunnel(services.db, request.console.partner.id, request.query);
      },
    );
  };
}
