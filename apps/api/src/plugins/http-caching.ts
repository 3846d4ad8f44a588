import type { FastifyInstance, FastifyReply } from "fastify";
import type { Answer } from "../catalogue/answer-serializers.ts";
import { COMPRESSION_THRESHOLD, encodedOnce, encodingFor, holdsEtag } from "./kept-encodings.ts";

/**
 * Public catalogue answers may be stored by browsers and shared caches, but are revalidated on every
 * use: opening status changes by the minute and a price as soon as an operator changes it, and a
 * 304 against the strong ETag costs the API a cache lookup and no body.
 */
export const PUBLIC_CACHE_CONTROL = "public, no-cache";
/** What a public answer depends on besides its URL. */
const PUBLIC_VARY = "Accept-Language, X-Partner-Code";
/** A customer's own answers (profile, carts, orders): never stored anywhere. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Sends a cached public answer as it is: its JSON bytes without serializing again, in the encoding
 * the client accepts, compressed once per answer rather than per request (decision 0178); its ETag
 * (a matching If-None-Match, compared weakly, gets a 304 before anything is compressed) and the
 * public caching headers.
 */
export async function sendAnswer(reply: FastifyReply, answer: Answer): Promise<FastifyReply> {
  reply
    .header("content-type", "application/json; charset=utf-8")
    .header("etag", answer.etag)
    .header("cache-control", PUBLIC_CACHE_CONTROL)
    .header("vary", `Accept-Encoding, ${PUBLIC_VARY}`);
  if (holdsEtag(reply.request, answer.etag)) return reply.code(304).send();
  const encoding = encodingFor(reply.request);
  if (!encoding || answer.body.length < COMPRESSION_THRESHOLD) return reply.send(answer.body);
  return reply
    .header("content-encoding", encoding)
    .send(await encodedOnce(answer.encoded, answer.body, encoding));
}

/**
 * Caching headers for the partner-scoped routes: a customer's routes are private; any other GET
 * that set none (the reverse geocoder) is public with revalidation, like the catalogue's.
 */
export function cachingHeaders(scope: FastifyInstance): void {
  scope.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/api/customer/") || request.url.startsWith("/api/carts")) {
      reply.header("cache-control", PRIVATE_CACHE_CONTROL);
    } else if (
      request.method === "GET" &&
      (reply.statusCode === 200 || reply.statusCode === 304) &&
      !reply.hasHeader("cache-control")
    ) {
      reply.header("cache-control", PUBLIC_CACHE_CONTROL);
      // Added to the Vary the compression may have set (Accept-Encoding).
      const vary = reply.getHeader("vary");
      reply.header("vary", [vary, PUBLIC_VARY].filter(Boolean).join(", "));
    }
    return payload;
  });
}
