import type { FastifyRequest } from "fastify";

export const REDACTED = "[redacted]";

/** Query parameters that carry a secret: sign-in codes, session tokens, the partner's customer hand-over. */
const SECRET_PARAMETER = /^(code|customerdata)$|token$/i;
/** A signed invoice link opens the PDF without a session: its last segment is the key. */
const INVOICE_LINK = /^(\/api\/invoices\/)[^/?#]+/i;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    // A name that is not valid percent-encoding is compared as it was sent.
    return name;
  }
}

/**
 * A request URL fit for the logs: the values of secret query parameters (token, code, customerData
 * and any name ending in "token") and the key of a signed invoice link become [redacted]; the rest
 * stays byte for byte as it was sent.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path.replace(INVOICE_LINK, `$1${REDACTED}`);
  if (queryAt === -1) return redactedPath;
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      return SECRET_PARAMETER.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${redactedPath}?${query}`;
}

/** What a log line says of a request: Fastify's default fields, the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Pino's logger options that keep secrets out of every line the API writes. */
export const redactingLoggerOptions = {
  serializers: {
    req: serializeRequest,
    // @fastify/websocket logs the raw URL of an upgrade to a route without a socket as `path`.
    path: (value: unknown) => (typeof value === "string" ? redactUrl(value) : value),
  },
  // Headers are not logged today; should a line ever carry them, the credentials stay out.
  redact: {
    paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    censor: REDACTED,
  },
};
