import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppServices } from "../services.ts";

export function reviewRoutes(_services: AppServices): FastifyPluginAsyncZod {
  return async () => {};
}
