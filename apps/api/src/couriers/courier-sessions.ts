import { SESSION_TOUCH_MINUTES } from "@storefront/domain";
import type { FastifyRequest } from "fastify";
import { hashToken, idleSessionCutoff, newSessionToken } from "../accounts/sessions.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import {
  type CourierRow,
  type CourierSessionRow,
  findLiveCourierSession,
  insertCourierSession,
  touchCourierSession,
} from "./courier-sessions-repository.ts";

/** The courier app's session cookie: apart from the customer's, so one browser may hold both. */
export const COURIER_SESSION_COOKIE = "courier_session";

/**
 * Opens a courier's session and answers its token, kept only as a hash: it lives as a customer's
 * does (180 days at most, 30 unused), and ends at once when the courier signs out or is made
 * inactive in the console.
 */
export async function openCourierSession(
  db: Database,
  input: { partnerId: number; courierId: number; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const { token, tokenHash, expiresAt } = newSessionToken(input.now);
  await insertCourierSession(db, {
    partnerId: input.partnerId,
    courierId: input.courierId,
    tokenHash,
    createdAt: input.now,
    lastUsedAt: input.now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The courier session token a request carries: the app's cookie, or a native shell's bearer token. */
function courierTokenOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith("Bearer ")) return authorization.slice(7).trim() || null;
  return request.cookies[COURIER_SESSION_COOKIE] ?? null;
}

/** The signed-in courier of a request (an active courier of the request's partner), or a 401. */
export async function requireCourier(
  db: Database,
  request: FastifyRequest,
  now: Date,
): Promise<{ session: CourierSessionRow; courier: CourierRow }> {
  const token = courierTokenOf(request);
  const found = token
    ? await findLiveCourierSession(db, {
        tokenHash: hashToken(token),
        partnerId: request.partner.id,
        now,
        usedAfter: idleSessionCutoff(now),
      })
    : null;
  if (!found) throw new AppError(401, "UnauthorizedException", "Sign in to the courier app to continue");
  if (now.getTime() - found.session.lastUsedAt.getTime() >= SESSION_TOUCH_MINUTES * 60 * 1000)
    await touchCourierSession(db, found.session.id, now);
  return found;
}
