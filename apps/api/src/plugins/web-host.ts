import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import type { FastifyInstance } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";

/**
 * Serves a built React Router app (its client assets and server renderer) on the same origin as the
 * API. The API hosts the build like any static site; it imports none of the web app's source.
 * Returns false when there is no build to serve.
 */
export async function hostWebBuild(app: FastifyInstance, buildDir: string): Promise<boolean> {
  const serverEntry = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(serverEntry)) return false;
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");

  await app.register(fastifyStatic, {
    root: path.join(buildDir, "client"),
    prefix: "/",
    wildcard: false,
    decorateReply: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });

  await app.register(async (scope) => {
    // The storefront reads its own request bodies (form posts of its actions): Fastify leaves them
    // unread in this scope, whatever their type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      schema: { hide: true },
      // The storefront's pages carry their own policy (with the nonce of their inline scripts and
      // their frame-ancestors); the rest of the security headers stay.
      helmet: { contentSecurityPolicy: false, xFrameOptions: false },
      handler: async (request, reply) => {
        if (request.url === "/api" || request.url.startsWith("/api/")) {
          return reply.callNotFound();
        }
        reply.hijack();
        // The page sees the scheme the visitor used (a trusted proxy's X-Forwarded-Proto), so it
        // marks its cookies Secure over https.
        const webRequest = createRequest(request.raw, reply.raw, { protocol: `${request.protocol}:` });
        await sendResponse(reply.raw, await handle(webRequest));
      },
    });
  });
  return true;
}
