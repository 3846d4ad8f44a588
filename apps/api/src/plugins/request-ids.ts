import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

/** The header a request's id comes in (from a load balancer) and goes out in, on every answer. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * An id a load balancer or proxy made (a UUID, hex, a ULID, Envoy's or nginx's): letters, digits and
 * `_ . : -`, 8 to 128 of them, so a visitor cannot write into the log lines or blow them up.
 */
const WELL_FORMED_REQUEST_ID = /^[\w.:-]{8,128}$/;

/**
 * Fastify's `genReqId`: the id the request came with when it is well formed, so one id follows the
 * request from the load balancer through the page and its API calls; a new random one otherwise.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === "string" && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Every answer names its request's id: what a visitor quotes to support, and what the logs carry. */
export function answerRequestIds(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
