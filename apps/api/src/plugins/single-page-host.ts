import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** A single-page app's browser build, served under a prefix of its own by the API. */
export interface SinglePageBuild {
  /** The folder holding its `index.html` and `assets/` (and `sw.js`, when it has a service worker). */
  root: string;
  /** Where it is served, between slashes: "/console/". */
  prefix: string;
  /** How its answers are counted in the metrics: all its files and pages as one route. */
  metricsRoute: string;
  /** What its pictures may come from: `'self' data: https:` for map tiles from a partner's server. */
  imgSrc: string;
  /**
   * The page for a request: the build's `index.html` as it is, unless this fills it in (with the
   * partner of the request's host) or answers it itself (a host that serves no one).
   */
  page?: (request: FastifyRequest, reply: FastifyReply, html: string) => Promise<string | null>;
}

/**
 * An app's page policy: its own files, its inline boot scripts by their hashes, its pictures from
 * where it says, its service worker from itself; never framed, no plugins, no `<base>`.
 */
function pagePolicy(html: string, imgSrc: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.map((hash) => ` ${hash}`).join("")}`,
    "style-src 'self'",
    `img-src ${imgSrc}`,
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A service worker fetches the app's own files and pages, and runs no other script. */
const WORKER_POLICY = "default-src 'none'; connect-src 'self'";

/**
 * Serves a single-page app's build (the partner console, the courier app) under its prefix: its
 * files as they are (precompressed, hashed assets cached for good, the service worker asked for
 * again on every visit) and its page for every other path under the prefix, where the app takes
 * over. Registered before the storefront, whose pages answer every other path. Returns false when
 * there is no build.
 */
export async function hostSinglePageBuild(app: FastifyInstance, build: SinglePageBuild): Promise<boolean> {
  const indexFile = path.join(build.root, "index.html");
  if (!fs.existsSync(indexFile)) return false;
  const html = fs.readFileSync(indexFile, "utf8");
  const policy = pagePolicy(html, build.imgSrc);
  const { prefix } = build;

  await app.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, metricsRoute: build.metricsRoute };
    });
    await scope.register(fastifyStatic, {
      root: build.root,
      prefix,
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const worker = path.basename(filePath).startsWith("sw.js");
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        if (worker) reply.header("content-security-policy", WORKER_POLICY);
      },
    });
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      const filled = build.page ? await build.page(request, reply, html) : html;
      if (filled === null) return reply;
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .header("content-security-policy", policy)
        .send(filled);
    };
    // A file the build does not have is missing, not the page (a stale tab asking for an old chunk).
    scope.get(`${prefix}assets/*`, { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
    // "/console" typed without its slash goes to "/console/": the console's router reads only paths
    // under its base, and showed a blank page there. (The router takes both for this one route.)
    const options = { schema: { hide: true }, helmet: { contentSecurityPolicy: false as const } };
    scope.get(prefix.slice(0, -1), options, (request, reply) =>
      request.url.startsWith(prefix)
        ? page(request, reply)
        : reply.redirect(`${prefix}${request.url.slice(prefix.length - 1)}`, 301),
    );
    scope.get(`${prefix}*`, options, page);
  });
  return true;
}
