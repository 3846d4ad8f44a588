import type { FastifyRequest } from "fastify";
import { sessionTokenOf } from "../accounts/current-customer.ts";
import { findSession } from "../accounts/sessions.ts";
import type { Database } from "../db/client.ts";
import { recordAnalyticsEvents } from "./analytics-repository.ts";

/** Whether the request's browser asks not to be tracked: Global Privacy Control, or Do Not Track. */
export function refusesTracking(headers: FastifyRequest["headers"]): boolean {
  return headers["sec-gpc"] === "1" || headers.dnt === "1";
}

/**
 * Stores a storefront's events for its partner, with the signed-in customer who sent them; from a
 * browser that asks not to be tracked, nothing at all (the answer is the same).
 */
export async function storeAnalyticsEvents(
  db: Database,
  request: FastifyRequest,
  events: ReadonlyArray<{ name: string; params: Record<string, string | number | boolean | null> }>,
  now: Date,
): Promise<void> {
  if (refusesTracking(request.headers)) return;
  const token = sessionTokenOf(request);
  const signedIn = token ? await findSession(db, request.partner.id, token, now) : null;
  const userAgent = request.headers["user-agent"]?.slice(0, 500) ?? null;
  await recordAnalyticsEvents(
    db,
    events.map(({ name, params }) => ({
      partnerId: request.partner.id,
      name,
      params,
      customerId: signedIn?.user.id ?? null,
      userAgent,
      createdAt: now,
    })),
  );
}
