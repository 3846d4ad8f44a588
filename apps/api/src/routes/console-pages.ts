import { localeFromAcceptLanguage, staffMay } from "@storefront/domain";
import {
  consolePageDraftSchema,
  consolePageSchema,
  consolePagesSchema,
  idParamsSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changeConsolePage,
  createConsolePage,
  listConsolePages,
  readConsolePage,
} from "../console/console-pages.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import {
  auditActorOf,
  consoleErrors,
  consoleReaderOf,
  consoleReaderQuerySchema,
  consoleSecurity,
  consoleTags,
} from "./console-schemas.ts";

function requirePageEditor(request: FastifyRequest): void {
  if (!staffMay(request.console.staff.role, "brand.edit"))
    throw new AppError(403, "ForbiddenException", "This role does not edit the partner's pages");
}

const PAGE_RULES =
  "A page needs a title and a body in at least one language (400 naming `title` or `body`), and a " +
  "title wherever it has a body (400 naming `title.{lang}`); the body's HTML keeps p, h2, h3, strong, em, s, ul, ol, li, " +
  "blockquote, a (http, https, mailto, tel or a path) and br, and loses the rest. Another page's " +
  "address is a 409 naming `slug`. The storefront shows the page at /cms/{slug} from its next read.";

/** The partner's content pages (about, terms, privacy…), written per language by owners and managers. */
export function consolePageRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, catalogueInvalidations } = services;
  return async (app) => {
    app.get(
      "/api/console/pages",
      {
        schema: {
          summary: "The partner's content pages, in their storefront order",
          tags: consoleTags,
          security: consoleSecurity,
          querystring: consoleReaderQuerySchema,
          response: { 200: consolePagesSchema, ...consoleErrors },
        },
      },
      async (request) => {
        requirePageEditor(request);
        // The language the console is read in, else the member's choice, else their browser's.
        const reader =
          consoleReaderOf(request) ?? localeFromAcceptLanguage(request.headers["accept-language"]);
        return { pages: await listConsolePages(db, request.console.partner.id, reader) };
      },
    );

    app.get(
      "/api/console/pages/:id",
      {
        schema: {
          summary: "A content page in every language it is written in",
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          response: { 200: consolePageSchema, ...consoleErrors },
        },
      },
      async (request) => {
        requirePageEditor(request);
        return readConsolePage(db, request.console.partner.id, request.params.id);
      },
    );

    app.post(
      "/api/console/pages",
      {
        schema: {
          summary: "Adds a content page",
          description: PAGE_RULES,
          tags: consoleTags,
          security: consoleSecurity,
          body: consolePageDraftSchema,
          response: { 201: consolePageSchema, ...consoleErrors },
        },
      },
      async (request, reply) => {
        requirePageEditor(request);
        const partnerId = request.console.partner.id;
        const page = await createConsolePage(
          db,
          {
            partnerId,
            draft: request.body,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        return reply.code(201).send(page);
      },
    );

    app.put(
      "/api/console/pages/:id",
      {
        schema: {
          summary: "Rewrites a content page: its address, titles, bodies and whether it is shown",
          description: PAGE_RULES,
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          body: consolePageDraftSchema,
          response: { 200: consolePageSchema, ...consoleErrors },
        },
      },
      async (request) => {
        requirePageEditor(request);
        const partnerId = request.console.partner.id;
        const page = await changeConsolePage(
          db,
          {
            partnerId,
            pageId: request.params.id,
            draft: request.body,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        return page;
      },
    );
  };
}
