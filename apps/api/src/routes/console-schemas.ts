import { apiErrorSchema } from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { AuditActor } from "../console/audit-log-repository.ts";

/** What every console route's documentation shares: its tag, its session and its refusals. */
export const consoleTags = ["console"];
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
