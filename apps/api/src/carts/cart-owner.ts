import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sessionTokenOf } from "../accounts/current-customer.ts";
import { findSession, hashToken, type UserRow } from "../accounts/sessions.ts";
import type { Database } from "../db/client.ts";

/** The anonymous visitor's token: an httpOnly cookie that ties carts to this browser. */
export const VISITOR_COOKIE = "visitor";
/** The same token from the native app, which keeps it itself and sends no cookie. */
export const VISITOR_HEADER = "x-visitor-token";
const VISITOR_DAYS = 365;

/** Who is asking for a cart: the signed-in customer, the anonymous visitor, or both. */
export interface CartOwner {
  user: UserRow | null;
  /** SHA-256 of the visitor token; null when the request carries none. */
  visitorHash: string | null;
}

/** Who asks for a cart in a request: the partner's storefront, the customer or visitor, their language. */
export async function cartScopeOf(
  db: Database,
  request: FastifyRequest,
  now: Date,
): Promise<{
  partner: FastifyRequest["partner"];
  owner: CartOwner;
  reader: FastifyRequest["preferredLocale"];
}> {
  return {
    partner: request.partner,
    owner: await cartOwnerOf(db, request, now),
    reader: request.preferredLocale,
  };
}

export async function cartOwnerOf(db: Database, request: FastifyRequest, now: Date): Promise<CartOwner> {
  const token = sessionTokenOf(request);
  const found = token ? await findSession(db, request.partner.id, token, now) : null;
  const visitor = visitorTokenOf(request);
  return { user: found?.user ?? null, visitorHash: visitor ? hashToken(visitor) : null };
}

function visitorTokenOf(request: FastifyRequest): string | null {
  const cookie = request.cookies[VISITOR_COOKIE];
  if (cookie) return cookie;
  const header = request.headers[VISITOR_HEADER];
  return typeof header === "string" && /^[\w-]{20,100}$/.test(header) ? header : null;
}

/**
 * The visitor's hash, issuing a visitor token first when the request has none: as a cookie, and
 * returned as `issued` for a native client to keep.
 */
export function ensureVisitor(
  request: FastifyRequest,
  reply: FastifyReply,
  owner: CartOwner,
): { owner: CartOwner; issued: string | null } {
  if (owner.visitorHash) return { owner, issued: null };
  const token = randomBytes(32).toString("base64url");
  reply.setCookie(VISITOR_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: VISITOR_DAYS * 24 * 60 * 60,
  });
  return { owner: { ...owner, visitorHash: hashToken(token) }, issued: token };
}

/** A cart belongs to its signed-in user, or, while anonymous, to the visitor who made it. */
export function ownsCart(
  owner: CartOwner,
  cart: { userId: number | null; visitorHash: string | null },
): boolean {
  if (cart.userId !== null) return owner.user?.id === cart.userId;
  return owner.visitorHash !== null && owner.visitorHash === cart.visitorHash;
}
