import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyRequest } from "fastify";

/**
 * The compressed forms of a body sent again and again (a kept page, a cached catalogue answer): made
 * once per encoding, when a client first asks for it, and kept beside the body. The compression
 * plugin would otherwise compress the same bytes on every request (decision 0178).
 */
export type Encoding = "br" | "gzip";

/** A body's forms by encoding, each a promise so that clients asking at once share one compression. */
export type EncodedForms = Map<Encoding, Promise<Buffer>>;

/** Below this a body goes as it is, as the compression plugin's own threshold does. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * A body up to this size is compressed at once on the event loop: for a search answer of 20 kB that
 * is about 0.1 ms, while a compression on the thread pool costs the process 0.3-0.5 ms more in its
 * stream and hand-over. A larger body (a grown menu: 1.5 ms) still goes to the thread pool.
 */
export const COMPRESS_AT_ONCE_BELOW = 64 * 1024;

/** Made once per body: a level above what an answer compressed per request can afford. */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 9;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const brotliOptions = (body: Buffer): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});
const COMPRESS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    body.length < COMPRESS_AT_ONCE_BELOW
      ? Promise.resolve(zlib.brotliCompressSync(body, brotliOptions(body)))
      : brotli(body, brotliOptions(body)),
  gzip: (body) =>
    body.length < COMPRESS_AT_ONCE_BELOW
      ? Promise.resolve(zlib.gzipSync(body, { level: GZIP_LEVEL }))
      : gzip(body, { level: GZIP_LEVEL }),
};

/**
 * The encoding a request accepts that a kept body is sent in: Brotli, else gzip, else none (also
 * when the client asks for none with `x-no-compression`, as the compression plugin honours).
 */
export function encodingFor(request: FastifyRequest): Encoding | null {
  if (request.headers["x-no-compression"] !== undefined) return null;
  const accepted = new Map<string, number>();
  for (const part of String(request.headers["accept-encoding"] ?? "").split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (encoding: Encoding) => (accepted.get(encoding) ?? accepted.get("*") ?? 0) > 0;
  return takes("br") ? "br" : takes("gzip") ? "gzip" : null;
}

/**
 * Whether the request's If-None-Match names this ETag, so the client holds the body and a 304 will
 * do. Compared weakly, as RFC 9110 asks for If-None-Match: a proxy that compressed the answer
 * itself (nginx's gzip) hands the client `W/"…"` for our `"…"`. `*` holds any.
 */
export function holdsEtag(request: FastifyRequest, etag: string): boolean {
  const asked = request.headers["if-none-match"];
  if (!asked) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return asked.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/** The body in the encoding, compressed the first time it is asked for and kept in `forms`. */
export function encodedOnce(forms: EncodedForms, body: Buffer, encoding: Encoding): Promise<Buffer> {
  let encoded = forms.get(encoding);
  if (!encoded) {
    encoded = COMPRESS[encoding](body);
    forms.set(encoding, encoded);
  }
  return encoded;
}
