import { localeFromAcceptLanguage, localeFromTag } from "@storefront/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkSandboxCard } from "../payments/sandbox-cards.ts";
import { newCardToken, SANDBOX_PAGES_PATH, type SandboxSession } from "../payments/sandbox-gateway.ts";
import {
  type PageLanguage,
  renderCardPage,
  renderFinishedPage,
  renderMissingPage,
  renderSuspendedPage,
  returnUrlWithResult,
} from "../payments/sandbox-page.ts";
import { sandboxSessionPartner } from "../payments/sandbox-session-partner.ts";
import { findSandboxSession, finishSandboxSession } from "../payments/sandbox-sessions-repository.ts";
import type { AppServices } from "../services.ts";

const tags = ["sandbox gateway"];
const params = z.object({
  sessionId: z.string().regex(/^[a-z]+_[A-Za-z0-9_-]{10,40}$/, "not a sandbox session id"),
});
const querystring = z.object({
  lang: z
    .string()
    .max(35)
    .optional()
    .describe(
      "the customer's interface language, as the storefront sent it; else the browser's, else English",
    ),
});

/** The page's language: the one its address names (the storefront's), else the browser's. */
function languageOf(request: FastifyRequest): PageLanguage {
  const named = localeFromTag((request.query as { lang?: string } | undefined)?.lang);
  if (named) return { locale: named, named: true };
  return { locale: localeFromAcceptLanguage(request.headers["accept-language"]) ?? "en", named: false };
}
const html = { description: "an HTML page", content: { "text/html": { schema: z.string() } } };
const redirect = z.null().describe("back to the session's returnUrl with ?transactionID=…&status=…");

/** What the card form posts; the card rules judge the values, so the limits here only bound the input. */
const cardFormSchema = z.object({
  cardNumber: z.string().max(100).default(""),
  expiry: z.string().max(100).default(""),
  cvc: z.string().max(100).default(""),
  name: z.string().max(200).default(""),
  saveCard: z.literal("on").optional(),
});

/** The page is a payment form: never cached, never framed, no script. */
const PAGE_HEADERS = {
  "cache-control": "no-store",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
};

function page(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).headers(PAGE_HEADERS).type("text/html; charset=utf-8").send(body);
}

function backTo(reply: FastifyReply, session: SandboxSession, language: PageLanguage) {
  // A saved card's charge has no page and nowhere to return to.
  if (!session.returnUrl) return page(reply, 200, renderFinishedPage(session, language.locale));
  reply.headers({ "cache-control": "no-store", "referrer-policy": "no-referrer" });
  return reply.redirect(returnUrlWithResult(session.returnUrl, session.id, session.status), 303);
}

/** The sandbox gateway's hosted card page: GET shows the form, POST judges the card, cancel gives up. */
export function sandboxPageRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  return async (app) => {
    // The page is a plain HTML form (no script), so its body is form-urlencoded.
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    // A suspended partner's card pages take no card: the page says the service is suspended.
    app.addHook("preHandler", async (request, reply) => {
      const { sessionId } = request.params as { sessionId: string };
      const session = await findSandboxSession(db, sessionId);
      const partner = session ? await sandboxSessionPartner(db, session) : null;
      if (partner?.status === "SUSPENDED")
        return page(reply, 423, renderSuspendedPage(languageOf(request).locale));
    });

    app.get(
      `${SANDBOX_PAGES_PATH}/:sessionId`,
      {
        schema: {
          summary: "The card page of a session",
          tags,
          params,
          querystring,
          response: { 200: html, 404: html, 423: html },
        },
      },
      async (request, reply) => {
        const language = languageOf(request);
        const session = await findSandboxSession(db, request.params.sessionId);
        if (!session) return page(reply, 404, renderMissingPage(language.locale));
        return page(
          reply,
          200,
          session.status === "PENDING"
            ? renderCardPage(session, language)
            : renderFinishedPage(session, language.locale),
        );
      },
    );

    app.post(
      `${SANDBOX_PAGES_PATH}/:sessionId`,
      {
        schema: {
          summary: "Submits the card: back to the shop with the outcome, or the page again with what to fix",
          description:
            "4242 4242 4242 4242 authorises, 4000 0000 0000 0002 and any other real card number are declined; a malformed number, a past expiry or a bad security code keep the page with errors (422). Only the last four digits and the brand are kept.",
          tags,
          params,
          querystring,
          consumes: ["application/x-www-form-urlencoded"],
          body: cardFormSchema,
          response: { 200: html, 303: redirect, 404: html, 422: html, 423: html },
        },
      },
      async (request, reply) => {
        const language = languageOf(request);
        const session = await findSandboxSession(db, request.params.sessionId);
        if (!session) return page(reply, 404, renderMissingPage(language.locale));
        if (session.status !== "PENDING")
          return page(reply, 200, renderFinishedPage(session, language.locale));
        const form = request.body;
        const check = checkSandboxCard(form, services.now());
        if (!check.ok) {
          const kept = {
            cardNumber: form.cardNumber,
            expiry: form.expiry,
            name: form.name,
            saveCard: !!form.saveCard,
          };
          return page(reply, 422, renderCardPage(session, language, { form: kept, errors: check.errors }));
        }
        const keepsCard =
          check.outcome === "AUTHORIZED" && (session.kind === "BIND" || form.saveCard === "on");
        const finished = await finishSandboxSession(db, session.id, {
          status: check.outcome,
          last4: check.last4,
          brand: check.brand,
          cardToken: keepsCard ? newCardToken() : null,
        });
        return backTo(reply, finished ?? session, language);
      },
    );

    app.get(
      `${SANDBOX_PAGES_PATH}/:sessionId/cancel`,
      {
        schema: {
          summary: "Leaves the card page: the session is canceled and the customer goes back",
          tags,
          params,
          querystring,
          response: { 303: redirect, 404: html, 423: html },
        },
      },
      async (request, reply) => {
        const language = languageOf(request);
        const session = await findSandboxSession(db, request.params.sessionId);
        if (!session) return page(reply, 404, renderMissingPage(language.locale));
        const finished = await finishSandboxSession(db, session.id, { status: "CANCELED" });
        return backTo(reply, finished ?? session, language);
      },
    );
  };
}
