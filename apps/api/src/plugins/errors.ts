import type { ApiErrorBody } from "@storefront/domain/contract";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isCausedByInput, queryFailureOf } from "../db/query-failures.ts";
import { AppError } from "../errors.ts";
import { MediaStoreError } from "../media/media-store.ts";

const CONTEXT_NAMES: Record<string, string> = {
  querystring: "query",
  params: "path",
  body: "body",
  headers: "headers",
};

/** The wait a 429 names when whoever refused did not say. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * The API's one error body, with the request's id (also in its X-Request-Id header and on its log
 * lines) so a visitor's report leads to the logs of that request.
 */
export function errorBody(
  request: Pick<FastifyRequest, "id">,
  error: Omit<ApiErrorBody, "requestId">,
): ApiErrorBody {
  return { ...error, requestId: request.id };
}

/** Turns every failure into the API's one error body; 5xx answers never show internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // Our side failed (a relay down): the visitor gets the message, the log the reason.
      if (error.status >= 500) request.log.error({ err: error }, "request failed");
      const { retryAfterSeconds, ...extra } = error.extra;
      if (retryAfterSeconds !== undefined) reply.header("retry-after", String(retryAfterSeconds));
      return reply
        .status(error.status)
        .send(
          errorBody(request, { status: error.status, type: error.type, message: error.message, ...extra }),
        );
    }
    if (error instanceof MediaStoreError) {
      // The bucket is unreachable or refuses our keys: the operator reads which in the log.
      request.log.error({ err: error }, "the media store failed");
      return reply
        .status(503)
        .header("retry-after", "30")
        .send(
          errorBody(request, {
            status: 503,
            type: "MediaStoreUnavailableException",
            message: "Pictures cannot be kept or read right now. Please try again in a moment.",
          }),
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = CONTEXT_NAMES[error.validationContext ?? ""] ?? "request";
      const details = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || context,
        message: issue.message ?? "is not valid",
      }));
      return reply.status(400).send(
        errorBody(request, {
          status: 400,
          type: "ValidationException",
          message: `Invalid ${context}: ${details.map(detailText).join("; ")}`,
          details,
        }),
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large…
      return reply.status(status).send(
        errorBody(request, {
          status,
          type: error.code ? `${toPascalCase(error.code)}Exception` : "BadRequestException",
          message: error.message,
        }),
      );
    }
    if (isCausedByInput(queryFailureOf(error))) {
      // A value the contract let through but a column cannot hold: the contract lacks a bound.
      request.log.warn({ err: error }, "the database refused a value of the request");
      return reply.status(400).send(
        errorBody(request, {
          status: 400,
          type: "ValidationException",
          message: "A value of the request cannot be kept: it is too long, out of range or not valid text.",
        }),
      );
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(
      errorBody(request, {
        status: 500,
        type: "InternalServerException",
        message: "Something went wrong on our side. Please try again later.",
      }),
    );
  });

  // Whatever answers 429 (a limit of ours or a plugin's) says when to come back.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode === 429 && !reply.hasHeader("retry-after"))
      reply.header("retry-after", String(DEFAULT_RETRY_AFTER_SECONDS));
    return payload;
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(
      errorBody(request, {
        status: 404,
        type: "NotFoundException",
        message: `No route ${request.method} ${request.url.split("?")[0]}`,
      }),
    ),
  );
}

function toPascalCase(code: string): string {
  return code
    .replace(/^FST_ERR_/, "")
    .toLowerCase()
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}

/**
 * One refused field in the error's message: "name is required", or a message written as a whole
 * sentence (capitalised, as the spec words the promo code's) as it stands.
 */
function detailText(detail: { field: string; message: string }): string {
  return /^\p{Lu}/u.test(detail.message) ? detail.message : `${detail.field} ${detail.message}`;
}
