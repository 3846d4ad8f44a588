import { outboxEntrySchema } from "@storefront/domain/contract";
import { desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { outboxMessages } from "../db/schema.ts";
import type { AppServices } from "../services.ts";

/** Demo mode's outbox: the SMS codes, e-mails and push messages that would have been sent. */
export function devRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/dev/outbox",
      {
        schema: {
          summary: "The demo outbox, newest first (demo mode only)",
          tags: ["demo"],
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
          response: { 200: z.array(outboxEntrySchema) },
        },
      },
      async (request) => {
        const rows = await services.db
          .select()
          .from(outboxMessages)
          .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
          .limit(request.query.limit);
        return rows.map((row) => ({
          channel: row.channel,
          to: row.recipient,
          ...(row.subject ? { subject: row.subject } : {}),
          text: row.text,
          ...(row.code ? { code: row.code } : {}),
          at: row.createdAt.toISOString(),
        }));
      },
    );
  };
}
