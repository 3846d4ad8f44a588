import { groupLiveMessageSchema, groupTokenParamsSchema } from "@storefront/domain/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { findGroupByLink } from "../group-orders/group-orders-repository.ts";
import { errorBody } from "../plugins/errors.ts";
import { assertPartnerActive } from "../plugins/partner.ts";
import type { AppServices } from "../services.ts";
import { isOwnPageOrigin } from "./tracking.ts";

const READY = JSON.stringify(groupLiveMessageSchema.parse({ type: "READY" }));
const CHANGED = JSON.stringify(groupLiveMessageSchema.parse({ type: "GROUP_CHANGED" }));

/**
 * A group order's live feed: `GET /api/group-orders/:token/live` upgraded to a WebSocket, for
 * whoever has the link, as the group itself is. It says only that the group changed; the page asks
 * for it again with its own session, so the feed shows nobody anything the page could not read.
 * Outside the X-Partner-Code scope, as the tracking socket (a socket cannot send headers): the link
 * names the partner.
 */
export function groupLiveRoutes(services: AppServices): FastifyPluginAsync {
  /** The group the upgrade was allowed for, judged once before it and used by the socket. */
  const allowed = new WeakMap<FastifyRequest, { groupId: number; partnerId: number }>();

  return async (app) => {
    app.get(
      "/api/group-orders/:token/live",
      {
        websocket: true,
        schema: {
          summary: "A group order's live feed (WebSocket): GROUP_CHANGED whenever anyone changes it",
          description:
            "Upgrade to a WebSocket; whoever has the link may listen. Messages are JSON: {type: READY} once every later change will be heard, then {type: GROUP_CHANGED} whenever someone joins or changes their items or the host locks, reopens, orders or calls it off: the page then asks GET /api/group-orders/:token again. A link that does not work answers 404 before the upgrade, a browser Origin other than the storefront's own or the native app's 403. The client's heartbeat text is answered with 'pong'.",
          tags: ["group orders"],
          params: groupTokenParamsSchema,
        },
        preValidation: async (request, reply) => {
          if (!(await isOwnPageOrigin(services, request.headers.origin, services.appOrigins)))
            return reply.status(403).send(
              errorBody(request, {
                status: 403,
                type: "ForbiddenException",
                message: "This origin may not follow group orders",
              }),
            );
          const { token } = request.params as { token: string };
          const found = await findGroupByLink(services.db, token);
          const partner = found && (await services.partners.find(found.partnerCode));
          if (!found || !partner)
            return reply.status(404).send(
              errorBody(request, {
                status: 404,
                type: "GroupOrderNotFoundException",
                message: "Group order not found",
              }),
            );
          // A suspended partner's groups are not followed: its 423, before the upgrade.
          assertPartnerActive(partner);
          allowed.set(request, { groupId: found.groupId, partnerId: partner.id });
        },
      },
      (socket, request) => {
        const found = allowed.get(request);
        if (found === undefined) return socket.close(4404, "not found");
        services.partnerSockets.add(found.partnerId, socket);
        const subscription = services.orderEvents.subscribeGroup(found.groupId, () => socket.send(CHANGED));
        socket.on("message", () => socket.send("pong"));
        socket.on("close", () => subscription.unsubscribe());
        void subscription.ready.then(() => socket.send(READY));
      },
    );
  };
}
