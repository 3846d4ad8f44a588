import type { ErrorName } from "@storefront/domain/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { SESSION_COOKIE } from "../accounts/current-customer.ts";
import { NATIVE_APP_ORIGINS } from "../app-origins.ts";
import { ExpiringCache } from "../expiring-cache.ts";
import { findOrderOwner, findTrackedOrder, type OrderOwner } from "../orders/tracking-repository.ts";
import { TrackingSockets } from "../orders/tracking-sockets.ts";
import { errorBody } from "../plugins/errors.ts";
import { assertPartnerActive } from "../plugins/partner.ts";
import type { AppServices } from "../services.ts";

/** Whose an order is never changes; a minute bounds the memory, not the truth. */
const ORDER_OWNER_CACHE_MS = 60_000;

const querySchema = z.object({
  orderID: z.coerce.number().int().positive().max(2_147_483_647),
  token: z.string().min(10).max(200).optional().describe("the native app's session token"),
});

/**
 * Whether a socket may open from this Origin: the storefront's own (PUBLIC_URL, not whatever Host
 * the request names) or the native app's; a client that sends none is not a browser page, whose
 * cookies another site could borrow.
 */
export function isTrackingOriginAllowed(
  origin: string | undefined,
  publicUrl: string,
  appOrigins: readonly string[] = NATIVE_APP_ORIGINS,
): boolean {
  if (origin === undefined) return true;
  return origin === new URL(publicUrl).origin || appOrigins.includes(origin);
}

/**
 * The same, also taking pages of a partner's recorded host (with PUBLIC_URL's scheme and port):
 * each partner's storefront and console open their sockets from their own host.
 */
export async function isOwnPageOrigin(
  services: Pick<AppServices, "publicUrl" | "partnerHosts">,
  origin: string | undefined,
  otherOrigins: readonly string[],
): Promise<boolean> {
  if (isTrackingOriginAllowed(origin, services.publicUrl, otherOrigins)) return true;
  return origin !== undefined && services.partnerHosts.isRecordedOrigin(origin, services.publicUrl);
}

/**
 * Live tracking of one order: `GET /api/customer/orders/track?orderID=…` upgraded to a WebSocket,
 * for the order's owner only (session cookie, or `token` for the native app, whose WebSocket cannot
 * send headers; so this route is outside the X-Partner-Code scope and the session names the
 * partner). Messages: ORDER_STATUS_UPDATE (the current status first), COURIER_FOUND,
 * COURIER_LOCATION_UPDATE, and ETA_UPDATE (the arrival window, beyond the spec); the socket closes
 * with 1000 once the order ends.
 */
export function trackingRoutes(services: AppServices): FastifyPluginAsync {
  const { db } = services;
  const owners = new ExpiringCache<number, OrderOwner | null>({
    ttlMs: ORDER_OWNER_CACHE_MS,
    maxEntries: 50_000,
  });

  /**
   * The order a request may track, judged from caches: the session (a few seconds, forgotten on
   * sign-out), the order's owner and the partner (as on every route), so a customer's sockets do
   * not each read the database.
   */
  async function ownerOrder(request: FastifyRequest) {
    const query = querySchema.safeParse(request.query);
    if (!query.success) return { status: 400 as const };
    const token = query.data.token ?? request.cookies[SESSION_COOKIE];
    if (!token) return { status: 401 as const };
    const userId = await services.sessionCache.findLiveUser(token, services.now());
    if (userId === null) return { status: 404 as const };
    const orderId = query.data.orderID;
    const owner = await owners.get(orderId, (id) => findOrderOwner(db, id));
    // An order not placed yet may be soon: its absence is not kept.
    if (!owner) owners.forget(orderId);
    if (owner?.userId !== userId) return { status: 404 as const };
    const partner = await services.partners.find(owner.partnerCode);
    if (!partner) return { status: 404 as const };
    // A suspended partner's orders are not tracked: its 423, before the upgrade.
    assertPartnerActive(partner);
    return { status: 200 as const, orderId, partnerId: partner.id };
  }

  /** The order the upgrade was allowed for, judged once before it and used by the socket. */
  const allowed = new WeakMap<FastifyRequest, { orderId: number; partnerId: number }>();

  return async (app) => {
    const sockets = new TrackingSockets({
      events: services.orderEvents,
      read: (orderId) => findTrackedOrder(db, orderId),
    });
    app.addHook("onClose", async () => sockets.close());
    app.metrics.countTrackingSocketsWith(() => sockets.openCount);
    app.get(
      "/api/customer/orders/track",
      {
        websocket: true,
        schema: {
          summary: "Live tracking of an order (WebSocket)",
          description:
            "Upgrade to a WebSocket. Only the order's owner may connect (session cookie, or token=<session token> from the native app); others get 401 or 404 before the upgrade, and a browser Origin other than the storefront's own (PUBLIC_URL, or a partner's recorded host) or the native app's gets 403. Messages are JSON: {type: ORDER_STATUS_UPDATE, status, actor, at} (the current status first), {type: COURIER_FOUND, courierName, courierPhone}, {type: COURIER_LOCATION_UPDATE, latitude, longitude}, and beyond the spec {type: ETA_UPDATE, eta: {from, to} | null} whenever the arrival window changes (the last one is told on opening, after the status). The client's heartbeat text every 30 s is answered with 'pong'; the socket closes with 1000 when the order ends.",
          tags: ["customer: orders"],
          querystring: querySchema,
        },
        preValidation: async (request, reply) => {
          // Before the upgrade: a page of another site must not follow a customer's order with their cookie.
          if (!(await isOwnPageOrigin(services, request.headers.origin, services.appOrigins))) {
            return reply.status(403).send(
              errorBody(request, {
                status: 403,
                type: "ForbiddenException",
                message: "This origin may not track orders",
              }),
            );
          }
          const found = await ownerOrder(request);
          if (found.status !== 200) {
            const type = (
              {
                400: "BadRequestException",
                401: "UnauthorizedException",
                404: "OrderNotFoundException",
              } as const satisfies Record<400 | 401 | 404, ErrorName>
            )[found.status];
            return reply
              .status(found.status)
              .send(errorBody(request, { status: found.status, type, message: "Cannot track this order" }));
          }
          allowed.set(request, { orderId: found.orderId, partnerId: found.partnerId });
        },
      },
      async (socket, request) => {
        const found = allowed.get(request);
        if (found === undefined) return socket.close(4404, "not found");
        services.partnerSockets.add(found.partnerId, socket);
        await sockets.track(found.orderId, socket);
      },
    );
  };
}
