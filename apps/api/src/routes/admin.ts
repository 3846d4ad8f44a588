import { apiErrorSchema } from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { AppError } from "../errors.ts";
import { setPartnerStatus } from "../partners/partner-status.ts";
import { carriesBearerToken } from "../plugins/bearer-token.ts";
import type { AppServices } from "../services.ts";

const tags = ["super-admin"];

/**
 * The deployment operator's (the super-admin's) calls, with SUPER_ADMIN_KEY as a bearer token; a
 * deployment without the key has none of them. Suspending a partner takes effect at once on every
 * process: its storefront, API and console answer the spec's 423 from the next request, and its
 * open tracking and console sockets are closed (PartnerSockets).
 */
export function adminRoutes(services: AppServices, key: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    if (!key) return;
    app.addHook("onRequest", async (request) => {
      if (!carriesBearerToken(request.headers.authorization, key))
        throw new AppError(401, "UnauthorizedException", "The super-admin key is required");
    });

    app.put(
      "/api/admin/partners/:code/status",
      {
        schema: {
          summary: "Suspends a partner, or makes it active again",
          description:
            "SUSPENDED: the partner's storefront API, ops keys, tracking sockets, invoice links, card pages and " +
            "console answer 423 partner_suspended (with its suspendedUrls) from the next request on every " +
            "process, and its open sockets are closed with 4423. ACTIVE undoes it.",
          tags,
          security: [{ superAdminKey: [] }],
          params: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
          body: z.object({ status: z.enum(["ACTIVE", "SUSPENDED"]) }),
          response: {
            200: z.object({ code: z.string(), status: z.enum(["ACTIVE", "SUSPENDED"]) }),
            400: apiErrorSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const { code } = request.params;
        const changed = await setPartnerStatus(services.db, code, request.body.status);
        if (!changed) throw new AppError(404, "PartnerNotFoundException", `Unknown partner '${code}'`);
        request.log.warn(
          { partner: code, status: request.body.status },
          "partner status set by the super-admin",
        );
        await services.catalogueInvalidations.announce(catalogueChanges.partner(changed.id));
        return { code, status: request.body.status };
      },
    );
  };
}
