import { type CourierLiveMessage, courierLiveMessageSchema } from "@storefront/domain/contract";
import { COURIER_API_PREFIX, courierEndpoints } from "@storefront/domain/endpoints";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { hashToken, idleSessionCutoff } from "../accounts/sessions.ts";
import { NATIVE_APP_ORIGINS } from "../app-origins.ts";
import { COURIER_SESSION_COOKIE } from "../couriers/courier-sessions.ts";
import { type CourierRow, findLiveCourierSession } from "../couriers/courier-sessions-repository.ts";
import { errorBody } from "../plugins/errors.ts";
import { assertPartnerActive } from "../plugins/partner.ts";
import { findPartnerById } from "../plugins/partner-repository.ts";
import type { AppServices } from "../services.ts";

const querySchema = z.object({
  token: z.string().min(10).max(200).optional().describe("a native shell's courier session token"),
});

/**
 * The courier app's live socket: `GET /api/courier/live` upgraded to a WebSocket, which says
 * JOBS_CHANGED whenever the courier's offers or jobs change (an offer made or withdrawn, a job given,
 * taken away, cancelled or moved), so an offer shows at once instead of at the next read. The
 * message carries nothing: the app reads its jobs again with its session. A browser's WebSocket
 * cannot send X-Partner-Code, so the session names the partner (as the customer's tracking socket
 * does), and a page may open it only from that partner's own host.
 */
export function courierLiveRoutes(services: AppServices): FastifyPluginAsync {
  const { db } = services;

  /** Whether a page of this origin is the partner's (its host, on PUBLIC_URL's scheme and port) or the native shell's. */
  async function isPartnerPage(origin: string | undefined, partnerCode: string): Promise<boolean> {
    if (origin === undefined || NATIVE_APP_ORIGINS.includes(origin)) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    const expected = new URL(services.publicUrl);
    if (url.protocol !== expected.protocol || url.port !== expected.port) return false;
    return (await services.partnerHosts.partnerCodeOf(url.hostname)) === partnerCode;
  }

  /** The courier the upgrade was allowed for, judged once before it and used by the socket. */
  const allowed = new WeakMap<FastifyRequest, CourierRow>();

  return async (app) => {
    app.get(
      `${COURIER_API_PREFIX}${courierEndpoints.live().path}`,
      {
        websocket: true,
        schema: {
          summary:
            "The courier app's live socket (WebSocket): JOBS_CHANGED when the courier's offers or jobs change",
          description:
            "Upgrade to a WebSocket with the courier's session (cookie, or token=<session token> from a native shell); " +
            "without a live session 401, and a page of another partner's host or of another site 403, before the upgrade. " +
            "Messages are JSON: {type: READY} once every change from then on will be told, then {type: JOBS_CHANGED} " +
            "whenever the courier's offers or jobs change (read GET /api/courier/me/jobs again).",
          tags: ["courier: jobs"],
          querystring: querySchema,
        },
        preValidation: async (request, reply) => {
          const refuse = (status: 400 | 401 | 403, message: string) =>
            reply.status(status).send(
              errorBody(request, {
                status,
                type:
                  status === 403
                    ? "ForbiddenException"
                    : status === 401
                      ? "UnauthorizedException"
                      : "BadRequestException",
                message,
              }),
            );
          const query = querySchema.safeParse(request.query);
          if (!query.success) return refuse(400, "token: not a session token");
          const token = query.data.token ?? request.cookies[COURIER_SESSION_COOKIE];
          const now = services.now();
          const found = token
            ? await findLiveCourierSession(db, {
                tokenHash: hashToken(token),
                now,
                usedAfter: idleSessionCutoff(now),
              })
            : null;
          if (!found) return refuse(401, "Sign in to the courier app to continue");
          const partner = await findPartnerById(db, found.courier.partnerId);
          if (!partner) return refuse(401, "Sign in to the courier app to continue");
          // A suspended partner's couriers are not told anything: its 423, before the upgrade.
          assertPartnerActive(partner);
          if (!(await isPartnerPage(request.headers.origin, partner.code)))
            return refuse(403, "The courier's live socket opens on their partner's own pages");
          allowed.set(request, found.courier);
        },
      },
      (socket, request) => {
        const courier = allowed.get(request);
        if (courier === undefined) return socket.close(4401, "not signed in");
        const send = (message: CourierLiveMessage) =>
          socket.send(JSON.stringify(courierLiveMessageSchema.parse(message)));
        services.partnerSockets.add(courier.partnerId, socket);
        const subscription = services.orderEvents.subscribeCourier(courier.id, () =>
          send({ type: "JOBS_CHANGED" }),
        );
        socket.on("close", () => subscription.unsubscribe());
        void subscription.ready.then(() => send({ type: "READY" }));
      },
    );
  };
}
