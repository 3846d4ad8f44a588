import { apiErrorSchema, outboxEntrySchema } from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listOutboxMessages } from "../accounts/outbox-repository.ts";
import { changePartnerOfCode } from "../partners/partner-changes.ts";
import type { Partner, PartnerChange } from "../plugins/partner-repository.ts";
import type { AppServices } from "../services.ts";

/** A link as an operator may type it: the storefront decides what it opens (a path, a web address, nothing). */
const infoLink = z.string().max(2000).nullable();

/**
 * Demo mode's tools: the outbox of the SMS codes, e-mails and push messages that would have been
 * sent, and a way to try another brand colour or information link, as an operator configuring the
 * storefront would.
 */
export function devRoutes(services: AppServices): FastifyPluginAsyncZod {
  const changePartner = (code: string, change: (partner: Partner) => PartnerChange) =>
    changePartnerOfCode(services.db, code, change, services.catalogueInvalidations);

  return async (app) => {
    app.put(
      "/api/dev/partners/:code/theme",
      {
        schema: {
          summary: "Sets a partner's brand colour (demo mode only)",
          tags: ["demo"],
          params: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
          body: z.object({ brandColour: z.string().regex(/^#[0-9a-fA-F]{6}$/, "expected #rrggbb") }),
          response: { 204: z.null(), 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await changePartner(request.params.code, (partner) => ({
          settings: { ...partner.settings, brandColour: request.body.brandColour },
        }));
        return reply.status(204).send(null);
      },
    );

    app.put(
      "/api/dev/partners/:code/links",
      {
        schema: {
          summary: "Sets some of a partner's information links (demo mode only)",
          tags: ["demo"],
          params: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
          body: z
            .object({
              aboutUs: infoLink,
              termsOfUse: infoLink,
              privacyPolicy: infoLink,
              becomeACourier: infoLink,
              becomeAVendor: infoLink,
              iosApp: infoLink,
              androidApp: infoLink,
            })
            .partial(),
          response: { 204: z.null(), 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await changePartner(request.params.code, ({ publicInfo }) => ({
          publicInfo: { ...publicInfo, links: { ...publicInfo.links, ...request.body } },
        }));
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/api/dev/outbox",
      {
        schema: {
          summary: "The demo outbox, newest first (demo mode only)",
          tags: ["demo"],
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(200).default(50),
            to: z.string().max(300).optional().describe("only the messages to this recipient"),
          }),
          response: { 200: z.array(outboxEntrySchema) },
        },
      },
      async (request) => {
        const rows = await listOutboxMessages(services.db, request.query);
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
