import { apiErrorSchema } from "@storefront/domain/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { carriesBearerToken } from "../plugins/bearer-token.ts";
import { clusterMetricsOfWorker, inClusterWorker } from "./cluster-metrics.ts";
import type { AppMetrics } from "./metrics.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's name in the metrics where its pattern would not do: every page, every static file. */
    metricsRoute?: string;
  }
}

/** A request's route in the metrics: its pattern or name, never its URL, so the labels stay few. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.config.metricsRoute ?? request.routeOptions.url ?? "unmatched";
}

/** Counts every answer, with how long it took, by method, route and status. */
export function countRequests(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook("onResponse", (request, reply, done) => {
    metrics.observeRequest(
      { method: request.method, route: routeLabel(request), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

export interface MetricsAccess {
  /** METRICS_TOKEN: Prometheus sends it as a bearer token. */
  token: string | undefined;
  /** Without a token: open (demo mode) or no /metrics at all. */
  withoutToken: boolean;
}

/**
 * GET /metrics in Prometheus' text format: this process's figures (in a cluster's worker, all the
 * workers' added up) and the deployment's, read from the database.
 */
export function metricsRoutes(metrics: AppMetrics, access: MetricsAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const { token } = access;
    if (!token && !access.withoutToken) return;
    const processFigures = inClusterWorker()
      ? clusterMetricsOfWorker(metrics.process)
      : () => metrics.process.metrics();
    app.get(
      "/metrics",
      {
        schema: {
          summary: "Prometheus metrics of the deployment (the operator's, behind METRICS_TOKEN)",
          description:
            "Requests by route and status with their durations, open tracking sockets, orders placed and by status, the catalogue cache's hits, the database pool and Node's own figures. With METRICS_TOKEN set it needs Authorization: Bearer <METRICS_TOKEN>; without one it exists in demo mode only.",
          tags: ["system"],
          ...(token ? { security: [{ metricsToken: [] }] } : {}),
          response: { 200: z.string(), 401: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request, reply) => {
        if (token && !carriesBearerToken(request.headers.authorization, token)) {
          reply.header("www-authenticate", 'Bearer realm="metrics"');
          throw new AppError(
            401,
            "UnauthorizedException",
            "The metrics need Authorization: Bearer <METRICS_TOKEN>",
          );
        }
        const figures = await processFigures().catch((error: unknown) => {
          request.log.error({ err: error }, "the cluster's metrics could not be collected");
          throw new AppError(
            503,
            "MetricsUnavailableException",
            "The cluster's metrics could not be collected",
          );
        });
        const text = figures + (await metrics.deployment.metrics());
        return reply.header("cache-control", "no-store").type(metrics.process.contentType).send(text);
      },
    );
  };
}
