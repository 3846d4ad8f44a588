import {
  addressInputSchema,
  addressSchema,
  apiErrorSchema,
  idParamsSchema,
  reverseGeocodeAnswerSchema,
  reverseGeocodeQuerySchema,
} from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createAddress, deleteAddress, listAddresses, updateAddress } from "../accounts/addresses.ts";
import { requireCustomer } from "../accounts/current-customer.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import {
  customerErrors,
  customerErrorsWith404,
  customerSecurity,
  partnerErrors,
  partnerSecurity,
} from "./schemas.ts";

const tags = ["customer: addresses"];
const security = customerSecurity;
const errors = customerErrors;
const with404 = customerErrorsWith404;

export function addressRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  return async (app) => {
    app.get(
      "/api/customer/me/addresses",
      {
        schema: {
          summary: "The customer's saved addresses",
          tags,
          security,
          response: { 200: z.array(addressSchema), ...errors },
        },
      },
      async (request) => listAddresses(db, (await requireCustomer(db, request, services.now())).user.id),
    );

    app.post(
      "/api/customer/me/addresses",
      {
        schema: {
          summary: "Saves an address; answers its id",
          tags,
          security,
          body: addressInputSchema,
          response: { 201: z.object({ id: z.number().int() }), ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await requireCustomer(db, request, services.now());
        return reply
          .status(201)
          .send({ id: await createAddress(db, request.partner.id, user.id, request.body) });
      },
    );

    app.put(
      "/api/customer/me/addresses/:id",
      {
        schema: {
          summary: "Changes one of the customer's addresses",
          tags,
          security,
          params: idParamsSchema,
          body: addressInputSchema,
          response: { 204: z.null(), ...with404 },
        },
      },
      async (request, reply) => {
        const { user } = await requireCustomer(db, request, services.now());
        await updateAddress(db, user.id, request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      "/api/customer/me/addresses/:id",
      {
        schema: {
          summary: "Deletes one of the customer's addresses",
          tags,
          security,
          params: idParamsSchema,
          response: { 204: z.null(), ...with404 },
        },
      },
      async (request, reply) => {
        const { user } = await requireCustomer(db, request, services.now());
        await deleteAddress(db, user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/api/public/geocoding/reverse",
      {
        schema: {
          summary: "Names the place at a point (street, city, country)",
          tags: ["public catalogue"],
          security: partnerSecurity,
          querystring: reverseGeocodeQuerySchema,
          response: { 200: reverseGeocodeAnswerSchema, ...partnerErrors, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const found = await services.geocoder.reverse(request.partner.id, {
          latitude: request.query.lat,
          longitude: request.query.lng,
        });
        if (!found) throw new AppError(404, "AddressNotFoundException", "No known street near this point");
        return found;
      },
    );
  };
}
