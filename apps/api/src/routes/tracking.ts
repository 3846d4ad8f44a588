import { isActiveOrderStatus, type OrderStatusName } from "@storefront/domain";
import { and, desc, eq, gt } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { SESSION_COOKIE } from "../accounts/current-customer.ts";
import { hashToken, idleSessionCutoff } from "../accounts/sessions.ts";
import { orderStatusChanges, orders, partners, sessions, users } from "../db/schema.ts";
import type { OrderEvent } from "../orders/order-events.ts";
import { assertPartnerActive } from "../plugins/partner.ts";
import type { AppServices } from "../services.ts";

/** Closes the server sends: 1000 when the order ended; 4401/4404 are answered before the upgrade. */
const NORMAL_CLOSE = 1000;
/** The server pings every 30 s, so a connection that died without a word is noticed. */
const PING_MS = 30_000;

const querySchema = z.object({
  orderID: z.coerce.number().int().positive().max(2_147_483_647),
  token: z.string().min(10).max(200).optional().describe("the native app's session token"),
});

/** The origins of the native app's webview (Capacitor on iOS, and on Android with either scheme). */
const NATIVE_APP_ORIGINS = ["capacitor://localhost", "https://localhost", "http://localhost"];

/**
 * Whether a socket may open from this Origin: the storefront's own (PUBLIC_URL, not whatever Host
 * the request names) or the native app's; a client that sends none is not a browser page, whose
 * cookies another site could borrow.
 */
export function isTrackingOriginAllowed(origin: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return true;
  return origin === new URL(publicUrl).origin || NATIVE_APP_ORIGINS.includes(origin);
}

/**
 * Live tracking of one order: `GET /api/customer/orders/track?orderID=…` upgraded to a WebSocket,
 * for the order's owner only (session cookie, or `token` for the native app, whose WebSocket cannot
 * send headers; so this route is outside the X-Partner-Code scope and the session names the
 * partner). Messages: ORDER_STATUS_UPDATE (the current status first), COURIER_FOUND,
 * COURIER_LOCATION_UPDATE; the socket closes with 1000 once the order ends.
 */
export function trackingRoutes(services: AppServices): FastifyPluginAsync {
  const { db } = services;

  async function ownerOrder(request: FastifyRequest) {
    const query = querySchema.safeParse(request.query);
    if (!query.success) return { status: 400 as const };
    const token = query.data.token ?? request.cookies[SESSION_COOKIE];
    if (!token) return { status: 401 as const };
    const now = services.now();
    const [found] = await db
      .select({ order: orders, partner: partners })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(orders, and(eq(orders.id, query.data.orderID), eq(orders.userId, users.id)))
      .innerJoin(partners, eq(partners.id, orders.partnerId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          gt(sessions.expiresAt, now),
          gt(sessions.lastUsedAt, idleSessionCutoff(now)),
          eq(users.status, "ACTIVE"),
        ),
      )
      .limit(1);
    if (!found) return { status: 404 as const };
    // A suspended partner's orders are not tracked: its 423, before the upgrade.
    assertPartnerActive(found.partner);
    return { status: 200 as const, order: found.order };
  }

  /** The order the upgrade was allowed for, read once before it and used by the socket. */
  const allowed = new WeakMap<FastifyRequest, typeof orders.$inferSelect>();

  return async (app) => {
    app.get(
      "/api/customer/orders/track",
      {
        websocket: true,
        schema: {
          summary: "Live tracking of an order (WebSocket)",
          description:
            "Upgrade to a WebSocket. Only the order's owner may connect (session cookie, or token=<session token> from the native app); others get 401 or 404 before the upgrade, and a browser Origin other than the storefront's own or the native app's gets 403. Messages are JSON: {type: ORDER_STATUS_UPDATE, status, actor, at} (the current status first), {type: COURIER_FOUND, courierName, courierPhone}, {type: COURIER_LOCATION_UPDATE, latitude, longitude}. The client's heartbeat text every 30 s is answered with 'pong'; the socket closes with 1000 when the order ends.",
          tags: ["customer: orders"],
          querystring: querySchema,
        },
        preValidation: async (request, reply) => {
          // Before the upgrade: a page of another site must not follow a customer's order with their cookie.
          if (!isTrackingOriginAllowed(request.headers.origin, services.publicUrl)) {
            return reply
              .status(403)
              .send({ status: 403, type: "ForbiddenException", message: "This origin may not track orders" });
          }
          const found = await ownerOrder(request);
          if (found.status !== 200) {
            const type = {
              400: "BadRequestException",
              401: "UnauthorizedException",
              404: "OrderNotFoundException",
            }[found.status];
            return reply
              .status(found.status)
              .send({ status: found.status, type, message: "Cannot track this order" });
          }
          allowed.set(request, found.order);
        },
      },
      async (socket, request) => {
        const order = allowed.get(request);
        if (!order) return socket.close(4404, "not found");
        const send = (event: OrderEvent) => {
          const { orderId: _order, userId: _user, ...message } = event;
          socket.send(JSON.stringify({ ...message, orderID: order.id }));
          if (event.type === "ORDER_STATUS_UPDATE" && !isActiveOrderStatus(event.status as OrderStatusName))
            socket.close(NORMAL_CLOSE, "order ended");
        };
        const subscription = services.orderEvents.subscribe(order.id, send);
        const ping = setInterval(() => socket.ping(), PING_MS);
        socket.on("message", () => socket.send("pong"));
        socket.on("close", () => {
          clearInterval(ping);
          subscription.unsubscribe();
        });
        await subscription.ready;
        // What the client may have missed while it was away: the status now, and the courier.
        const [last] = await db
          .select()
          .from(orderStatusChanges)
          .where(eq(orderStatusChanges.orderId, order.id))
          .orderBy(desc(orderStatusChanges.at), desc(orderStatusChanges.id))
          .limit(1);
        const [now] = await db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
        if (!now) return socket.close(4404, "not found");
        if (now.courierName)
          send({
            type: "COURIER_FOUND",
            orderId: now.id,
            userId: now.userId,
            courierName: now.courierName,
            courierPhone: now.courierPhone ?? "",
          });
        if (now.courierLatitude !== null && now.courierLongitude !== null)
          send({
            type: "COURIER_LOCATION_UPDATE",
            orderId: now.id,
            userId: now.userId,
            latitude: now.courierLatitude,
            longitude: now.courierLongitude,
          });
        send({
          type: "ORDER_STATUS_UPDATE",
          orderId: now.id,
          userId: now.userId,
          status: now.status,
          actor: last?.actor ?? "SYSTEM",
          at: (last?.at ?? now.updatedAt).toISOString(),
        });
      },
    );
  };
}
