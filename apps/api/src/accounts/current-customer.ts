import type { FastifyRequest } from "fastify";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { findSession, type SessionRow, type UserRow } from "./sessions.ts";

export const SESSION_COOKIE = "session";

/** The session token a request carries: the web's cookie, or the native app's bearer token. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith("Bearer ")) return authorization.slice(7).trim() || null;
  return request.cookies[SESSION_COOKIE] ?? null;
}

/** The signed-in customer of a request, or a 401. */
export async function requireCustomer(
  db: Database,
  request: FastifyRequest,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow }> {
  const token = sessionTokenOf(request);
  const found = token ? await findSession(db, request.partner.id, token, now) : null;
  if (!found) throw new AppError(401, "UnauthorizedException", "Sign in to continue");
  return found;
}
