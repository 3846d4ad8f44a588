import type { FastifyRequest } from "fastify";
import { stdSerializers } from "pino";
import { queryFailureOf } from "../db/query-failures.ts";

export const REDACTED = "[redacted]";

/**
 * Query parameters that carry a secret (sign-in codes, session tokens, the partner's customer
 * hand-over) or a person's contact (the phone a sign-in code is sent to, an e-mail address, the
 * recipient the demo outbox is filtered by).
 */
const SECRET_PARAMETER = /^(code|customerdata|phone|email|to)$|token$/i;
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
 * A request URL fit for the logs: the values of secret query parameters (token, code, customerData,
 * phone, email, to and any name ending in "token") and the key of a signed invoice link become [redacted]; the rest
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

/**
 * An error fit for the logs. A failed query keeps its SQL (with placeholders), PostgreSQL's code and
 * the names of the table, column or constraint, but loses its parameters and PostgreSQL's own message
 * and detail, which quote the values: names, phones, addresses, push tokens.
 */
export function serializeError(error: unknown) {
  const failure = queryFailureOf(error);
  if (!failure) return stdSerializers.err(error as Error);
  const { name, stack = "", message: original } = error as Error;
  const message = `Failed query: ${failure.query}`;
  // The frames after the original message only: a value may itself hold a line that looks like a frame.
  const at = stack.indexOf(original);
  const frames =
    at === -1
      ? []
      : stack
          .slice(at + original.length)
          .split("\n")
          .filter((line) => /^\s+at /.test(line));
  return {
    type: name,
    message,
    stack: [`${name}: ${message}`, ...frames].join("\n"),
    ...Object.fromEntries(Object.entries(failure).filter(([, value]) => value !== undefined)),
  };
}

/** Pino's logger options that keep secrets out of every line the API writes. */
export const redactingLoggerOptions = {
  serializers: {
    req: serializeRequest,
    err: serializeError,
    // @fastify/websocket logs the raw URL of an upgrade to a route without a socket as `path`.
    path: (value: unknown) => (typeof value === "string" ? redactUrl(value) : value),
  },
  // Headers are not logged today; should a line ever carry them, the credentials stay out.
  redact: {
    paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    censor: REDACTED,
  },
};
