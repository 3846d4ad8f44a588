import fs from "node:fs";
import path from "node:path";
import { pipeline, Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { createRequest } from "@remix-run/node-fetch-server";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { trackCallReads, trackedPage } from "../catalogue/read-tracking.ts";
import { chunksPerTurn } from "./chunks-per-turn.ts";
import { keepablePageOf, PageRenders, sendKeptPage } from "./page-cache.ts";
import { RenderTurns } from "./render-turns.ts";
import { REQUEST_ID_HEADER } from "./request-ids.ts";

/** The partner the storefront serves a page for: set by this host, never taken from the visitor. */
const PARTNER_HEADER = "X-Partner-Code";
/** The partner's own address for the page's absolute links, set by this host likewise. */
const ORIGIN_HEADER = "X-Storefront-Origin";

/**
 * Pages rendered at once in a process (RenderTurns): at 50 visitors with a cart, two at a time
 * render as many pages a second as fifty at once (more on PGlite) with a third to a half of their
 * p99, and a kept page beside them is answered in 11 ms at the median rather than 50
 * (docs/performance.md, stop 73).
 */
const PAGES_AT_ONCE = 2;
/** A page's turn ends after this even if its answer is not over (a slow deferred part, a stuck call). */
const LONGEST_TURN_MS = 1_000;

/**
 * The largest body a page takes (a form post to its action, a report of the browser's errors): the
 * storefront's forms send a few hundred bytes. Past it, 413 before the page is asked; without a
 * limit, a post of any size to any page was held whole in memory (decision 0205).
 */
export const PAGE_BODY_LIMIT = 64 * 1024;

/** What a host that no partner has answers: a plain page, naming no partner (the courier app's too). */
export const UNKNOWN_HOST_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex">' +
  "<title>Not found</title><h1>Not found</h1><p>No shop is served at this address.</p></html>";

/** The storefront's server-side call of an API path (its ApiTransport), answered in this process. */
type InProcessTransport = (
  path: string,
  call: { method: "GET" | "POST" | "PUT"; headers: Record<string, string>; body: string | null },
) => Promise<Response>;

/**
 * The storefront's loaders call the API through Fastify's own request injection: the same routes,
 * hooks and checks as over HTTP, without a socket, HTTP parsing or fetch in between.
 */
function inProcessTransport(app: FastifyInstance): InProcessTransport {
  return async (path, call) => {
    const inject = () =>
      app.inject({
        method: call.method,
        url: `/api${path}`,
        headers: call.headers,
        ...(call.body === null ? {} : { payload: call.body }),
      });
    const page = trackedPage();
    let answer: Awaited<ReturnType<typeof inject>>;
    if (page) {
      // A page that may be kept learns what each call read; a call that failed cannot be kept.
      const { value, reads } = await trackCallReads(inject);
      if (value.statusCode >= 400) reads.tagged = false;
      page.add(reads);
      answer = value;
    } else {
      answer = await inject();
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of [value ?? []].flat()) headers.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  };
}

/**
 * Serves a built React Router app (its client assets and server renderer) on the same origin as the
 * API. The API hosts the build like any static site; it imports none of the web app's source.
 * Returns false when there is no build to serve.
 */
export async function hostWebBuild(app: FastifyInstance, buildDir: string): Promise<boolean> {
  const serverEntry = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(serverEntry)) return false;
  // A built storefront renders with React's production build: React picks it from NODE_ENV when it is
  // first loaded, which is here (so React Router is imported only now); the development build renders
  // several times slower. The API's own mode was read from NODE_ENV by its config before, and an
  // explicit NODE_ENV=development is kept.
  process.env.NODE_ENV ??= "production";
  const { createRequestHandler } = await import("react-router");
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const entry = build.entry.module as { connectInProcessApi?: (transport: InProcessTransport) => void };
  entry.connectInProcessApi?.(inProcessTransport(app));

  await app.register(async (files) => {
    // Every file of the build is a route of its own: the metrics count them all as one.
    files.addHook("onRoute", (route) => {
      route.config = { ...route.config, metricsRoute: "static" };
    });
    await files.register(fastifyStatic, {
      root: path.join(buildDir, "client"),
      prefix: "/",
      wildcard: false,
      decorateReply: false,
      // The build wrote a Brotli and a gzip copy of every text asset; the visitor gets the best they accept.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // The service worker is asked for again on every visit, so a new build reaches it at once.
        const worker = path.basename(filePath).startsWith("sw.js");
        reply.header(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : worker ? "no-cache" : "public, max-age=3600",
        );
        // The worker's own policy: it fetches the storefront's files and pages, and runs no other script.
        if (worker) reply.header("content-security-policy", "default-src 'none'; connect-src 'self'");
      },
    });
  });

  const renders = new PageRenders();
  const turns = new RenderTurns(PAGES_AT_ONCE, LONGEST_TURN_MS);
  app.metrics.countPageTurnsWith(() => turns.state);
  await app.register(async (scope) => {
    // The storefront reads its own request bodies (form posts of its actions), whatever their type:
    // Fastify reads each whole first, up to its limit (413 past it), and hands it over as it came.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: PAGE_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      schema: { hide: true },
      // Pages are one route in the metrics: their URLs are the visitors' to make up.
      config: { metricsRoute: "page" },
      // The storefront's pages carry their own policy (with the nonce of their inline scripts and
      // their frame-ancestors); the rest of the security headers stay.
      helmet: { contentSecurityPolicy: false, xFrameOptions: false },
      handler: async (request, reply) => {
        if (request.url === "/api" || request.url.startsWith("/api/")) {
          return reply.callNotFound();
        }
        // Over once the answer is sent or its visitor has gone, whatever it was waiting for then.
        const over = new AbortController();
        reply.raw.once("close", () => over.abort());
        // The partner is the host's (a trusted proxy's X-Forwarded-Host); a host no partner has is
        // no one's store.
        const { partnerHosts, pageCache, now, publicUrl } = app.services;
        const partnerCode = await partnerHosts.partnerCodeOf(request.hostname);
        if (!partnerCode)
          return reply
            .code(404)
            .type("text/html; charset=utf-8")
            .header("cache-control", "no-store")
            .send(UNKNOWN_HOST_PAGE);
        const origin = await partnerHosts.storefrontOriginOf(request.hostname, partnerCode, publicUrl);
        // A visitor without a session or a cart may get the page kept for everyone like them.
        const keepable = keepablePageOf(request, { partnerCode, origin, cache: pageCache, renders });
        const kept = await keepable?.kept(now);
        if (kept) return sendKeptPage(request, reply, kept);
        // Visitors waiting for this render go on when its answer is over, kept or not, even when
        // its visitor left before it was sent, before its turn came, or already while this page
        // waited for another render of it (an abort heard then would never be heard again, and
        // every later visitor of the page would wait for this one for good).
        if (keepable) {
          if (over.signal.aborted) keepable.done();
          else over.signal.addEventListener("abort", () => keepable.done(), { once: true });
        }
        // A page read (not a form's action, which may wait on a payment provider, and is carried out
        // as before) renders in its turn; one that others wait for (a keepable page) goes before the
        // rest. The page of a visitor who left meanwhile is not rendered.
        const read = request.method === "GET" || request.method === "HEAD";
        if (read && !(await turns.take(over.signal, keepable !== null))) return reply.hijack();
        // The page sees the scheme the visitor used (a trusted proxy's X-Forwarded-Proto), so it
        // marks its cookies Secure over https.
        const streamed = createRequest(request.raw, reply.raw, { protocol: `${request.protocol}:` });
        // A body was read above: the page gets it, not the socket's stream (already drained).
        const sent = request.body;
        const webRequest = Buffer.isBuffer(sent)
          ? new Request(streamed, { body: new Uint8Array(sent) })
          : streamed;
        // Set here, whatever the visitor sent: the storefront serves this partner.
        webRequest.headers.set(PARTNER_HEADER, partnerCode);
        webRequest.headers.set(ORIGIN_HEADER, origin);
        // The page's id (the load balancer's, or the one made here) goes with each API call it makes.
        webRequest.headers.set(REQUEST_ID_HEADER, request.id);
        let response: Response;
        try {
          response = keepable ? await keepable.render(() => handle(webRequest)) : await handle(webRequest);
        } catch (error) {
          keepable?.done();
          throw error;
        }
        // Sent through Fastify's reply, so the page is compressed like every other answer.
        reply.status(response.status);
        for (const [name, value] of response.headers) {
          if (name !== "set-cookie") reply.header(name, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header("set-cookie", cookies);
        if (!response.body) {
          keepable?.done();
          return reply.send(null);
        }
        // Written on in one chunk per turn: compressed and sent to the socket once, not per piece.
        // A failed render destroys the stream returned, and the reply handles it as before.
        const body = pipeline(
          Readable.fromWeb(response.body as NodeReadableStream),
          chunksPerTurn(),
          () => {},
        );
        const keeping = keepable?.keeping(response);
        if (!keepable || !keeping) {
          keepable?.done();
          return reply.send(body);
        }
        reply.header("x-page-cache", "miss");
        return reply.send(pipeline(body, keeping, () => keepable.done()));
      },
    });
  });
  return true;
}
