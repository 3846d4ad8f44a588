import { createHash, randomBytes } from "node:crypto";
import { Transform } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ReadCache } from "../catalogue/read-cache.ts";
import type { PageReads } from "../catalogue/read-tracking.ts";

/**
 * The storefront's pages for visitors without a session or a cart, kept in the API process and
 * served again until a tag of what they read changes (the read cache's own invalidations, from any
 * process) or their minute ends (a page shows opening status and times judged to the minute).
 */

/**
 * The only cookies a keepable page's visitor may have, and the only ones its answer may set: they
 * say the visitor's language and locality, part of the key. Any other cookie (a session, a cart's
 * visitor token, an address, a link's parameters) means the page is rendered for that visitor.
 */
const KEYED_COOKIES: readonly string[] = ["locale", "localityCode"];

/** A kept page: its answer with the nonce it was rendered with cut out. */
export interface KeptPage {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  cookies: readonly string[];
  /** The body cut at its nonce: joined with a new one for each visitor. */
  parts: readonly string[];
  /** The nonce of the page's own scripts when it was rendered, in its Content-Security-Policy. */
  nonce: string | null;
  /** Weak: the bytes differ by their nonce, the page does not. */
  etag: string;
}

/** What a CDN in front may do with a kept page: keep it, and ask again (with its ETag) each time. */
const KEPT_CACHE_CONTROL = "public, no-cache";

/** The minute a page is kept for: the storefront shows opening status and times to the minute. */
export function pageMinuteOf(now: Date): number {
  return Math.floor(now.getTime() / 60_000);
}

/**
 * The key of the page a request asks for when it may be served a kept one: an anonymous GET, by
 * partner, scheme, the partner's address, URL and keyed cookies. Null when it is rendered afresh.
 */
export function keptPageKeyOf(request: FastifyRequest, partnerCode: string, origin: string): string | null {
  if (request.method !== "GET") return null;
  const cookies = request.cookies;
  if (Object.keys(cookies).some((name) => !KEYED_COOKIES.includes(name))) return null;
  const keyed = KEYED_COOKIES.map((name) => cookies[name] ?? null);
  return JSON.stringify([partnerCode, request.protocol, origin, request.url, ...keyed]);
}

/** The page's answer may be kept: a whole page, its cookies only the keyed ones, nothing private. */
export function keepableAnswer(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return false;
  if (/no-store|private/.test(response.headers.get("cache-control") ?? "")) return false;
  return response.headers
    .getSetCookie()
    .every((cookie) => KEYED_COOKIES.includes(cookie.slice(0, cookie.indexOf("="))));
}

/**
 * Passes the page's body through to the visitor and, once it has all been sent, keeps it when
 * every API call it made was answered from tagged reads. A visitor who leaves early keeps nothing.
 */
export function keepingPage(
  response: Response,
  reads: PageReads,
  keep: (page: KeptPage, tags: readonly string[]) => void,
): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done(null, chunk);
    },
    flush(done) {
      if (reads.keepable) keep(keptPage(response, Buffer.concat(chunks).toString("utf8")), [...reads.tags]);
      done();
    },
  });
}

function keptPage(response: Response, body: string): KeptPage {
  const policy = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? null;
  const headers: Array<[string, string]> = [];
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") headers.push([name, value]);
  }
  const parts = nonce ? body.split(nonce) : [body];
  const etag = `W/"${createHash("sha256").update(parts.join("\0")).digest("base64url").slice(0, 27)}"`;
  return { status: response.status, headers, cookies: response.headers.getSetCookie(), parts, nonce, etag };
}

/** Roughly the bytes a kept page holds. */
export function keptPageSize(page: KeptPage): number {
  return page.parts.reduce((sum, part) => sum + part.length, 0) + 2_000;
}

/** Sends a kept page with a nonce of its own, or 304 to a browser or CDN that has this version. */
export function sendKeptPage(request: FastifyRequest, reply: FastifyReply, page: KeptPage): FastifyReply {
  reply.header("etag", page.etag).header("cache-control", KEPT_CACHE_CONTROL).header("vary", "Cookie");
  reply.header("x-page-cache", "hit");
  const asked = request.headers["if-none-match"];
  if (asked?.split(",").some((tag) => tag.trim() === page.etag)) {
    // No policy with the 304: the copy the browser keeps has the policy of its own nonce.
    return reply.code(304).send();
  }
  const nonce = page.nonce ? randomBytes(16).toString("base64") : "";
  for (const [name, value] of page.headers) {
    reply.header(
      name,
      page.nonce && name === "content-security-policy" ? value.replaceAll(page.nonce, nonce) : value,
    );
  }
  if (page.cookies.length > 0) reply.header("set-cookie", page.cookies);
  return reply.code(page.status).send(page.parts.join(nonce));
}

/** The kept page for a key, if any, in this minute. */
export function keptPageFor(cache: ReadCache, key: string, now: Date): KeptPage | undefined {
  return cache.peek<KeptPage>(key, pageMinuteOf(now));
}
