import { DEFAULT_LOCALE, localeFromTag } from "@storefront/domain";
import {
  bindFormQuerySchema,
  bindResultQuerySchema,
  cardsQuerySchema,
  idParamsSchema,
  savedCardsSchema,
} from "@storefront/domain/contract";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireCustomer, sessionTokenOf } from "../accounts/current-customer.ts";
import { findSession } from "../accounts/sessions.ts";
import { findLocality } from "../catalogue/localities.ts";
import { AppError } from "../errors.ts";
import {
  BIND_RESULT_PATH,
  completeCardBinding,
  findPartnerByCode,
  startCardBinding,
} from "../payments/card-binding.ts";
import { storefrontUrl } from "../payments/return-urls.ts";
import { type CardOwner, removeCard, setDefaultCard, toSavedCard } from "../payments/saved-cards.ts";
import { listSavedCards } from "../payments/saved-cards-repository.ts";
import type { AppServices } from "../services.ts";
import { customerErrors, customerErrorsWith404, customerSecurity } from "./schemas.ts";

const tags = ["customer: cards"];
const text = (description: string) => ({ description, content: { "text/plain": { schema: z.string() } } });
const security = customerSecurity;

/** The spec's bind-form failure: the text ERROR_ and the HTTP status, with that status. */
function bindFormError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    error instanceof AppError
      ? error.status
      : hasZodFastifySchemaValidationErrors(error)
        ? 400
        : (error.statusCode ?? 500);
  if (status >= 500) request.log.error({ err: error }, "card bind form failed");
  return reply.status(status).type("text/plain; charset=utf-8").send(`ERROR_${status}`);
}

/** The customer's saved cards and the card page to save one (partner scope). */
export function cardRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  const owner = async (request: FastifyRequest): Promise<CardOwner> => {
    const { user } = await requireCustomer(db, request, services.now());
    return { partnerId: request.partner.id, userId: user.id };
  };
  const cardsOf = async (of: CardOwner) => ({ cards: (await listSavedCards(db, of)).map(toSavedCard) });
  return async (app) => {
    app.get(
      "/api/customer/me/cards",
      {
        schema: {
          summary: "The customer's saved cards, masked",
          tags,
          security,
          querystring: cardsQuerySchema,
          response: { 200: savedCardsSchema, ...customerErrors },
        },
      },
      async (request) => cardsOf(await owner(request)),
    );

    app.put(
      "/api/customer/me/cards/:id/default",
      {
        schema: {
          summary: "Makes a saved card the default one; answers the cards",
          tags,
          security,
          params: idParamsSchema,
          response: { 200: savedCardsSchema, ...customerErrorsWith404 },
        },
      },
      async (request) => {
        const of = await owner(request);
        await setDefaultCard(db, of, request.params.id);
        return cardsOf(of);
      },
    );

    const unbind = {
      schema: {
        summary: "Unbinds a saved card (the payment provider forgets it too); answers the cards left",
        tags,
        security,
        params: idParamsSchema,
        querystring: cardsQuerySchema,
        response: { 200: savedCardsSchema, ...customerErrorsWith404 },
      },
    };
    const unbindHandler = async (request: FastifyRequest<{ Params: { id: number } }>) => {
      const of = await owner(request);
      await removeCard(db, await services.payments.forPartner(request.partner.id), of, request.params.id);
      return cardsOf(of);
    };
    app.delete("/api/customer/me/cards/:id", unbind, unbindHandler);
    app.delete("/api/customer/me/cards/:id/unbind", unbind, unbindHandler);

    app.get(
      "/api/customer/me/cards/bind-form",
      {
        schema: {
          summary: "The card page to save a card: its URL as text, or ERROR_ and the HTTP status",
          description:
            "The page returns through /api/customer/me/cards/bind-result, which keeps the card (the first becomes the default) and sends the customer to returnPath (default /{locale}/menu/cards) with ?bindStatus=… and cardId on success.",
          tags,
          security,
          querystring: bindFormQuerySchema,
          response: {
            200: text("the card page URL"),
            ...Object.fromEntries([400, 401, 404, 423].map((status) => [status, text(`ERROR_${status}`)])),
          },
        },
        errorHandler: bindFormError,
      },
      async (request, reply) => {
        const { user } = await requireCustomer(db, request, services.now());
        const locality = await findLocality(db, request.partner.id, request.query.localityCode);
        const locale = localeFromTag(user.lang) ?? localeFromTag(locality.lang) ?? DEFAULT_LOCALE;
        const url = await startCardBinding(await services.payments.forPartner(request.partner.id), {
          partnerCode: request.partner.code,
          userId: user.id,
          locality,
          paymentOptionCode: request.query.paymentOptionCode,
          returnPath: request.query.returnPath ?? `/${locale}/menu/cards`,
          locale: request.preferredLocale,
          storefront: await services.partnerHosts.publicUrlOf(request.partner.code, services.publicUrl),
        });
        return reply.type("text/plain; charset=utf-8").send(url);
      },
    );
  };
}

/** Where the card page returns after saving a card: reached by the browser, without the partner header. */
export function cardBindReturnRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  return async (app) => {
    app.get(
      BIND_RESULT_PATH,
      {
        schema: {
          summary: "Keeps the card saved on the card page and sends the customer back to the storefront",
          tags,
          security: [{ session: [] }],
          querystring: bindResultQuerySchema,
          response: {
            303: z.null().describe("to returnPath with ?bindStatus=…(&cardId=…)"),
            400: customerErrors[400],
            423: customerErrors[400],
          },
        },
      },
      async (request, reply) => {
        const { transactionID, partner: partnerCode, returnPath } = request.query;
        const partner = await findPartnerByCode(db, partnerCode);
        const token = sessionTokenOf(request);
        const found = partner && token ? await findSession(db, partner.id, token, services.now()) : null;
        const result = found
          ? await completeCardBinding(
              { db, provider: await services.payments.forPartner(found.user.partnerId) },
              { partnerId: found.user.partnerId, userId: found.user.id, partnerCode },
              transactionID,
            )
          : { status: "ERROR", cardId: null };
        // Absolute on the storefront's address: a path's dot segments never become another host.
        const storefront = await services.partnerHosts.publicUrlOf(partnerCode, services.publicUrl);
        const back = new URL(storefrontUrl(returnPath, storefront));
        back.searchParams.set("bindStatus", result.status);
        if (result.cardId !== null) back.searchParams.set("cardId", String(result.cardId));
        reply.header("cache-control", "private, no-store");
        return reply.redirect(back.href, 303);
      },
    );
  };
}
