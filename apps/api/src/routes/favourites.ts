import {
  favouriteProductsPageSchema,
  favouritesSchema,
  favouriteVendorsPageSchema,
  idParamsSchema,
  pagingQuerySchema,
} from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireCustomer } from "../accounts/current-customer.ts";
import {
  addFavouriteProduct,
  addFavouriteVendor,
  favouriteIds,
  listFavouriteProducts,
  listFavouriteVendors,
  removeFavouriteProduct,
  removeFavouriteVendor,
} from "../accounts/favourites.ts";
import type { AppServices } from "../services.ts";
import { customerErrors, customerErrorsWith404, customerSecurity } from "./schemas.ts";

const tags = ["customer: favourites"];
const security = customerSecurity;
const errors = customerErrors;
const with404 = customerErrorsWith404;

export function favouriteRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, imageStore } = services;
  return async (app) => {
    app.get(
      "/api/customer/me/favourites",
      {
        schema: {
          summary: "Ids of the customer's favourite vendors and products",
          tags,
          security,
          response: { 200: favouritesSchema, ...errors },
        },
      },
      async (request) => favouriteIds(db, (await requireCustomer(db, request, services.now())).user.id),
    );

    app.get(
      "/api/customer/me/favourites/vendors",
      {
        schema: {
          summary: "The customer's favourite vendors, newest first, paged by 30",
          tags,
          security,
          querystring: pagingQuerySchema,
          response: { 200: favouriteVendorsPageSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await requireCustomer(db, request, services.now());
        return listFavouriteVendors(db, imageStore, {
          userId: user.id,
          page: request.query.page,
          size: request.query.size,
          reader: request.preferredLocale,
          now: services.now(),
        });
      },
    );

    app.get(
      "/api/customer/me/favourites/products",
      {
        schema: {
          summary: "The customer's favourite products, newest first, paged by 30",
          description:
            "Each product as its card shows it: name in the reader's language, picture, prices, whether it sells now, and its vendor. Products the menus no longer show are left out.",
          tags,
          security,
          querystring: pagingQuerySchema,
          response: { 200: favouriteProductsPageSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await requireCustomer(db, request, services.now());
        return listFavouriteProducts(db, imageStore, {
          partnerId: request.partner.id,
          userId: user.id,
          page: request.query.page,
          size: request.query.size,
          reader: request.preferredLocale,
          now: services.now(),
        });
      },
    );

    for (const [kind, add, remove] of [
      ["vendors", addFavouriteVendor, removeFavouriteVendor],
      ["products", addFavouriteProduct, removeFavouriteProduct],
    ] as const) {
      app.post(
        `/api/customer/me/favourites/${kind}/:id`,
        {
          schema: {
            summary: `Marks a ${kind.slice(0, -1)} as a favourite`,
            tags,
            security,
            params: idParamsSchema,
            response: { 204: z.null(), ...with404 },
          },
        },
        async (request, reply) => {
          const { user } = await requireCustomer(db, request, services.now());
          await add(db, request.partner.id, user.id, request.params.id);
          return reply.status(204).send(null);
        },
      );
      app.delete(
        `/api/customer/me/favourites/${kind}/:id`,
        {
          schema: {
            summary: `Removes a ${kind.slice(0, -1)} from the favourites`,
            tags,
            security,
            params: idParamsSchema,
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          const { user } = await requireCustomer(db, request, services.now());
          await remove(db, user.id, request.params.id);
          return reply.status(204).send(null);
        },
      );
    }
  };
}
