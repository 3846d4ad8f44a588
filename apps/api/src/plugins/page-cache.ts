import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ReadCache } from "../catalogue/read-cache.ts";
import { PageReads, trackPageReads } from "../catalogue/read-tracking.ts";
import { type EncodedForms, encodedOnce, encodingFor, holdsEtag } from "./kept-encodings.ts";

/**
 * The storefront's pages for visitors without a session or a cart, kept in the API process and
 * served again until a tag of what they read changes (the read cache's own invalidations, from any
 * process) or their minute ends (a page shows opening status and times judged to the minute).
 * A kept page is the same bytes for everyone: its policy allows its own inline scripts by their
 * hashes instead of the nonce it was rendered with, so it is compressed once, not per answer.
 */

/**
 * The only cookies a keepable page's visitor may have, and the only ones its answer may set: they
 * say the visitor's language and locality, part of the key. Any other cookie (a session, a cart's
 * visitor token, an address, a link's parameters) means the page is rendered for that visitor.
 */
const KEYED_COOKIES: readonly string[] = ["locale", "localityCode"];

/** A kept page: its answer, whole, and its compressed forms once asked for. */
export interface KeptPage {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  cookies: readonly string[];
  body: Buffer;
  /** Weak: the same page in each of its encodings. */
  etag: string;
  encoded: EncodedForms;
}

/** What a CDN in front may do with a kept page: keep it, and ask again (with its ETag) each time. */
const KEPT_CACHE_CONTROL = "public, no-cache";

/** The minute a page is kept for: the storefront shows opening status and times to the minute. */
function pageMinuteOf(now: Date): number {
  return Math.floor(now.getTime() / 60_000);
}

/**
 * The key of the page a request asks for when it may be served a kept one: an anonymous GET, by
 * partner, scheme, the partner's address, URL and keyed cookies. Null when it is rendered afresh.
 */
function keptPageKeyOf(request: FastifyRequest, partnerCode: string, origin: string): string | null {
  if (request.method !== "GET") return null;
  const cookies = request.cookies;
  if (Object.keys(cookies).some((name) => !KEYED_COOKIES.includes(name))) return null;
  const keyed = KEYED_COOKIES.map((name) => cookies[name] ?? null);
  return JSON.stringify([partnerCode, request.protocol, origin, request.url, ...keyed]);
}

/**
 * What may be kept: a page's HTML, and the data a page's client asks for when the visitor moves to it
 * from another (React Router's `.data`, one per URL and routes asked, the same for every visitor
 * like this one).
 */
const KEPT_TYPES = ["text/html", "text/x-script"];

/** The answer may be kept: a whole page or its data, its cookies only the keyed ones, nothing private. */
function keepableAnswer(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  const type = response.headers.get("content-type") ?? "";
  if (!KEPT_TYPES.some((kept) => type.startsWith(kept))) return false;
  if (/no-store|private/.test(response.headers.get("cache-control") ?? "")) return false;
  return response.headers
    .getSetCookie()
    .every((cookie) => KEYED_COOKIES.includes(cookie.slice(0, cookie.indexOf("="))));
}

/**
 * Passes the page's body through to the visitor and, once it has all been sent, keeps it when
 * every API call it made was answered from tagged reads. A visitor who leaves early keeps nothing.
 */
function keepingPage(
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
      if (reads.keepable) keep(keptPage(response, Buffer.concat(chunks)), [...reads.tags]);
      done();
    },
  });
}

/** The base64 SHA-256 of each inline script of the page, as a policy names it (`'sha256-…'`). */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    // The browser hashes the text as parsed: its line breaks normalised.
    const parsed = text.replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${createHash("sha256").update(parsed, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The policy of a kept page: its own inline scripts allowed by hash, not by the nonce of one answer. */
function keptPolicy(policy: string, html: string): string {
  const nonce = /'nonce-[A-Za-z0-9+/=]+'/.exec(policy)?.[0];
  if (!nonce) return policy;
  return policy.replace(nonce, inlineScriptHashes(html).join(" ")).replace(/ {2,}/g, " ");
}

function keptPage(response: Response, body: Buffer): KeptPage {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    headers.push([
      name,
      name === "content-security-policy" ? keptPolicy(value, body.toString("utf8")) : value,
    ]);
  }
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return {
    status: response.status,
    headers,
    cookies: response.headers.getSetCookie(),
    body,
    etag,
    encoded: new Map(),
  };
}

/** Roughly the bytes a kept page holds, with its compressed forms. */
function keptPageSize(page: KeptPage): number {
  return Math.ceil(page.body.length * 1.5) + 2_000;
}

/** Sends a kept page, compressed once for all who accept that encoding, or 304 to one who has it. */
export async function sendKeptPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: KeptPage,
): Promise<FastifyReply> {
  for (const [name, value] of page.headers) reply.header(name, value);
  reply
    .header("etag", page.etag)
    .header("cache-control", KEPT_CACHE_CONTROL)
    .header("vary", "Accept-Encoding, Cookie")
    .header("x-page-cache", "hit");
  if (page.cookies.length > 0) reply.header("set-cookie", page.cookies);
  if (holdsEtag(request, page.etag)) return reply.code(304).send();
  const encoding = encodingFor(request);
  if (!encoding) return reply.code(page.status).send(page.body);
  return reply
    .code(page.status)
    .header("content-encoding", encoding)
    .send(await encodedOnce(page.encoded, page.body, encoding));
}

/**
 * The keepable pages being rendered: a visitor who asks for one meanwhile waits for it to be kept
 * rather than render it too (at a minute's turn, every visitor of a busy page would otherwise).
 */
export class PageRenders {
  private readonly rendering = new Map<string, Promise<void>>();

  /** Resolves once the page under way for the key is done (kept or not); undefined when none is. */
  underWay(key: string): Promise<void> | undefined {
    return this.rendering.get(key);
  }

  /** Marks the key's page as under way: the function returned says it is done. */
  begin(key: string): () => void {
    if (this.rendering.has(key)) return () => {};
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = () => {
        if (this.rendering.get(key) === done) this.rendering.delete(key);
        resolve();
      };
    });
    this.rendering.set(key, done);
    return finish;
  }
}

/**
 * One anonymous visitor's request for a page that may be kept: it is served the kept page, or waits
 * for the one being rendered for another visitor, or renders it with its reads followed and keeps
 * it. `keepablePageOf` gives null for any other request, which is rendered for its visitor.
 */
export class KeepablePage {
  private readonly reads = new PageReads();
  private mark = 0;
  private renderedAt = new Date(0);
  private finish: () => void = () => {};

  constructor(
    private readonly cache: ReadCache,
    private readonly renders: PageRenders,
    private readonly key: string,
  ) {}

  /** The kept page, once any render of it under way is done; else the page is now under way here. */
  async kept(now: () => Date): Promise<KeptPage | undefined> {
    const underWay = this.renders.underWay(this.key);
    if (underWay) await underWay;
    this.renderedAt = now();
    const kept = this.cache.peek<KeptPage>(this.key, pageMinuteOf(this.renderedAt));
    if (kept) return kept;
    // Marked in the same turn as the cache was found without it: the next visitor waits.
    this.finish = this.renders.begin(this.key);
    this.mark = this.cache.mark();
    return undefined;
  }

  /** Renders the page with its API calls' reads followed. */
  render<T>(render: () => Promise<T>): Promise<T> {
    return trackPageReads(this.reads, render);
  }

  /** The stream that keeps the rendered page once sent; null when this answer may not be kept. */
  keeping(response: Response): Transform | null {
    if (!keepableAnswer(response)) return null;
    return keepingPage(response, this.reads, (page, tags) =>
      this.cache.keep(
        this.key,
        pageMinuteOf(this.renderedAt),
        { value: page, tags, size: keptPageSize(page) },
        this.mark,
      ),
    );
  }

  /** The render is over (kept, not keepable, or failed): visitors who waited for it go on. */
  done(): void {
    this.finish();
  }
}

/** The request's page as one that may be kept, or null when it is rendered for its visitor. */
export function keepablePageOf(
  request: FastifyRequest,
  place: { partnerCode: string; origin: string; cache: ReadCache; renders: PageRenders },
): KeepablePage | null {
  const key = keptPageKeyOf(request, place.partnerCode, place.origin);
  return key === null ? null : new KeepablePage(place.cache, place.renders, key);
}
