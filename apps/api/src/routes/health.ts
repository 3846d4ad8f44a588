import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkReadiness } from "../lifecycle/readiness.ts";
import type { AppServices } from "../services.ts";

const checkResult = z.enum(["ok", "unreachable", "migrations pending"]);
const readinessSchema = z.object({
  status: z.enum(["ready", "not ready"]),
  draining: z
    .boolean()
    .describe("the process is stopping (SIGTERM): it finishes what it has and takes nothing new"),
  checks: z.object({ database: checkResult, redis: checkResult.optional() }),
});

export function healthRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/health",
      {
        schema: {
          summary: "Liveness: 200 while the process answers (a process manager restarts it otherwise)",
          tags: ["system"],
          response: { 200: z.object({ status: z.literal("ok") }) },
        },
      },
      async () => ({ status: "ok" as const }),
    );
    app.get(
      "/api/ready",
      {
        schema: {
          summary: "Readiness: 200 when this process should get traffic, 503 otherwise",
          description:
            "Ready when the database answers and holds every migration this version knows, Redis answers (when configured), and the process is not stopping. A load balancer sends traffic only to ready processes.",
          tags: ["system"],
          response: { 200: readinessSchema, 503: readinessSchema },
        },
      },
      async (_request, reply) => {
        const readiness = await checkReadiness({
          db: services.db,
          redis: services.redis,
          draining: services.lifecycle.draining,
        });
        return reply
          .status(readiness.ready ? 200 : 503)
          .header("cache-control", "no-store")
          .send({
            status: readiness.ready ? "ready" : "not ready",
            draining: readiness.draining,
            checks: readiness.checks,
          });
      },
    );
  };
}
