import { addressCounted } from "@storefront/domain";
import {
  addCartItemSchema,
  apiErrorSchema,
  groupItemChangeSchema,
  groupItemParamsSchema,
  groupMemberDoneSchema,
  groupOrderSchema,
  groupStatusChangeSchema,
  groupTokenParamsSchema,
  joinedGroupOrderSchema,
  joinGroupOrderSchema,
  startGroupOrderSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addCartItem } from "../carts/cart-items.ts";
import { type CartOwner, cartOwnerOf, ensureVisitor } from "../carts/cart-owner.ts";
import {
  addGroupItem,
  cancelGroup,
  changeGroupItem,
  describeGroup,
  findGroup,
  joinGroup,
  markDone,
  setGroupStatus,
  startGroupOrder,
} from "../group-orders/group-orders.ts";
import type { AppServices } from "../services.ts";
import { cartSecurity, customerSecurity, partnerErrors, partnerErrorsWith404 } from "./schemas.ts";

const tags = ["group orders"];
const security = cartSecurity;
const errors = { ...partnerErrorsWith404, 403: partnerErrors[400], 409: partnerErrors[400] };

/**
 * Group orders: a signed-in host starts one from a vendor's page and shares its link; whoever has
 * the link joins under a name (signed in or not), adds their own items and says when they are done;
 * the host locks it and checks it out once, as any cart, through the orders API.
 */
export function groupOrderRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, imageStore } = services;
  const ownerOf = (request: FastifyRequest) => cartOwnerOf(db, request, services.now());
  const answer = async (request: FastifyRequest, token: string, owner: CartOwner) =>
    describeGroup(db, imageStore, {
      found: await findGroup(db, request.partner.id, token),
      owner,
      partner: request.partner,
      reader: request.preferredLocale,
      now: services.now(),
    });
  /** Tells the group's open pages (group-live.ts) that it changed. */
  const tellGroupPages = (found: { group: { id: number } }) =>
    services.orderEvents.publishGroup({ groupId: found.group.id });

  return async (app) => {
    app.post(
      "/api/customer/me/group-orders",
      {
        schema: {
          summary: "Starts a group order of one vendor at the host's address",
          description:
            "The group has a cart of its own, apart from the host's cart; a host who already has one open for the vendor gets it back. The answer's token makes the share link.",
          tags,
          security: customerSecurity,
          body: startGroupOrderSchema,
          response: { 201: groupOrderSchema, ...errors, 401: partnerErrors[400] },
        },
      },
      async (request, reply) => {
        const owner = await ownerOf(request);
        const token = await startGroupOrder(db, {
          partner: request.partner,
          owner,
          body: request.body,
          now: services.now(),
        });
        return reply.status(201).send(await answer(request, token, owner));
      },
    );

    app.get(
      "/api/group-orders/:token",
      {
        schema: {
          summary: "The group order: everyone's items, each person's subtotal, whether it is open",
          description:
            "Whoever has the link sees it (names and items, never the address); an open page asks again whenever its live feed (GET /api/group-orders/:token/live) says the group changed.",
          tags,
          security,
          params: groupTokenParamsSchema,
          response: { 200: groupOrderSchema, ...errors },
        },
      },
      async (request) => answer(request, request.params.token, await ownerOf(request)),
    );

    app.post(
      "/api/group-orders/:token/members",
      {
        schema: {
          summary: "Joins the group order under a name (again: changes the name)",
          description:
            "Open groups only (409 GroupOrderClosedException; the host may rename until the order is placed), up to 20 people besides the host (409 GroupOrderFullException). At most 60 joins or renames an hour from one address and to one group, then 429 with Retry-After. Someone not signed in gets a visitor cookie that identifies them in this group (a native client, X-Platform ios or android, also gets it as visitorToken and sends it as X-Visitor-Token).",
          tags,
          security,
          params: groupTokenParamsSchema,
          body: joinGroupOrderSchema,
          response: { 200: joinedGroupOrderSchema, ...errors, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const asked = await ownerOf(request);
        const { owner, issued } = asked.user
          ? { owner: asked, issued: null }
          : ensureVisitor(request, reply, asked);
        const found = await findGroup(db, request.partner.id, request.params.token);
        await joinGroup(db, {
          found,
          owner,
          name: request.body.name,
          address: addressCounted(request.ip),
          now: services.now(),
        });
        await tellGroupPages(found);
        const native = request.headers["x-platform"] === "ios" || request.headers["x-platform"] === "android";
        const group = await answer(request, request.params.token, owner);
        return native && issued ? { ...group, visitorToken: issued } : group;
      },
    );

    app.put(
      "/api/group-orders/:token/members/me",
      {
        schema: {
          summary: "Says this person has chosen everything, or not yet",
          tags,
          security,
          params: groupTokenParamsSchema,
          body: groupMemberDoneSchema,
          response: { 200: groupOrderSchema, ...errors },
        },
      },
      async (request) => {
        const owner = await ownerOf(request);
        const found = await findGroup(db, request.partner.id, request.params.token);
        await markDone(db, { found, owner, done: request.body.done, now: services.now() });
        await tellGroupPages(found);
        return answer(request, request.params.token, owner);
      },
    );

    app.post(
      "/api/group-orders/:token/items",
      {
        schema: {
          summary: "Adds a product for the person asking, checked and priced as in any cart",
          description:
            "Only the group's vendor (400 GroupOrderVendorException naming vendorId); members only (403); open groups only (409).",
          tags,
          security,
          params: groupTokenParamsSchema,
          body: addCartItemSchema,
          response: { 200: groupOrderSchema, ...errors },
        },
      },
      async (request) => {
        const owner = await ownerOf(request);
        const found = await findGroup(db, request.partner.id, request.params.token);
        const now = services.now();
        await addGroupItem(db, {
          found,
          owner,
          body: request.body,
          add: (memberId) =>
            addCartItem(db, {
              partner: request.partner,
              cart: found.cart,
              body: request.body,
              now,
              memberId,
            }),
          now,
        });
        await tellGroupPages(found);
        return answer(request, request.params.token, owner);
      },
    );

    app.put(
      "/api/group-orders/:token/items/:itemId",
      {
        schema: {
          summary: "Changes a line's count (0 removes it) or comment",
          description:
            "A person changes their own lines while the group is open; the host any line until the order is placed (403 NotYourItemException otherwise).",
          tags,
          security,
          params: groupItemParamsSchema,
          body: groupItemChangeSchema,
          response: { 200: groupOrderSchema, ...errors },
        },
      },
      async (request) => {
        const owner = await ownerOf(request);
        const found = await findGroup(db, request.partner.id, request.params.token);
        await changeGroupItem(db, {
          found,
          owner,
          itemId: request.params.itemId,
          count: request.body.count,
          ...(request.body.comment !== undefined ? { comment: request.body.comment } : {}),
          now: services.now(),
        });
        await tellGroupPages(found);
        return answer(request, request.params.token, owner);
      },
    );

    app.put(
      "/api/group-orders/:token/status",
      {
        schema: {
          summary: "The host locks the group to check out, or opens it again",
          description:
            "Locked, the group's cart is the host's cart (GET /api/customer/me/cart) and is checked out once with POST /api/customer/me/orders; an open group's cart cannot be (409 GroupOrderOpenException).",
          tags,
          security,
          params: groupTokenParamsSchema,
          body: groupStatusChangeSchema,
          response: { 200: groupOrderSchema, ...errors },
        },
      },
      async (request) => {
        const owner = await ownerOf(request);
        const found = await findGroup(db, request.partner.id, request.params.token);
        await setGroupStatus(db, { found, owner, status: request.body.status, now: services.now() });
        await tellGroupPages(found);
        return answer(request, request.params.token, owner);
      },
    );

    app.delete(
      "/api/group-orders/:token",
      {
        schema: {
          summary: "The host calls the group order off; everyone's items go with it",
          tags,
          security,
          params: groupTokenParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const found = await findGroup(db, request.partner.id, request.params.token);
        await cancelGroup(db, { found, owner: await ownerOf(request) });
        await tellGroupPages(found);
        return reply.status(204).send(null);
      },
    );
  };
}
