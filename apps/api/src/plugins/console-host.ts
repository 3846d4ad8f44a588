import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The console's page policy: its own files, and its inline boot scripts by their hashes. */
function consolePolicy(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(" ")}`,
    "style-src 'self'",
    // The zone editor's map tiles come from the partner's tile server, whichever partner it is.
    "img-src 'self' data: https:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Serves the partner console's build (a single-page app) under /console/: its files as they are
 * (precompressed, assets cached for good) and its page for every other path under /console/, where
 * the app's router takes over. Returns false when there is no build.
 */
export async function hostConsoleBuild(app: FastifyInstance, buildDir: string): Promise<boolean> {
  const client = path.join(buildDir, "client");
  const indexFile = path.join(client, "index.html");
  if (!fs.existsSync(indexFile)) return false;
  const html = fs.readFileSync(indexFile, "utf8");
  const policy = consolePolicy(html);

  await app.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, metricsRoute: "console" };
    });
    await scope.register(fastifyStatic, {
      root: client,
      prefix: "/console/",
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    const page = (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .header("content-security-policy", policy)
        .send(html);
    // A file the build does not have is missing, not the page (a stale tab asking for an old chunk).
    scope.get("/console/assets/*", { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
    // The router ignores a trailing slash: "/console" stands for "/console/" too.
    for (const url of ["/console", "/console/*"])
      scope.get(url, { schema: { hide: true }, helmet: { contentSecurityPolicy: false } }, page);
  });
  return true;
}
