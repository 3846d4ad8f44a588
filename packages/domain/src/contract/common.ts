import { z } from "zod";
import { SUPPORTED_LOCALES } from "../locales.ts";
import { parseLocalDateTime } from "../working-hours.ts";
import type { ErrorName, FrameworkErrorName } from "./errors.ts";

const MAX_INT = 2_147_483_647;

/** A numeric id in a path or query, e.g. a vendor id. */
export const idSchema = z.coerce.number().int().positive().max(MAX_INT);
export const idParamsSchema = z.object({ id: idSchema });

export const localeSchema = z.enum(SUPPORTED_LOCALES);
/** A text in several interface languages. */
export const localizedTextSchema = z.partialRecord(localeSchema, z.string());

export const PAGE_SIZE = 30;
export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1).describe("1-based page number"),
  size: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });
}

export const coordinatesSchema = z.object({ latitude: z.number(), longitude: z.number() });
export const latitudeSchema = z.coerce.number().min(-90).max(90);
export const longitudeSchema = z.coerce.number().min(-180).max(180);

export const imageVariantSchema = z.object({
  w: z.number().int(),
  h: z.number().int(),
  n: z.string().describe("file name under basePath"),
});
export const imageSchema = z.union([
  z.string(),
  z.object({ basePath: z.string(), variants: z.array(imageVariantSchema) }),
]);

export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, "expected HH:MM");
export const workingIntervalSchema = z.object({
  day: z.enum(["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"]),
  from: timeOfDaySchema,
  until: timeOfDaySchema,
});
export const workingHoursSchema = z.object({ intervals: z.array(workingIntervalSchema) });

/** A local date-time of the locality, without zone ("2026-11-21T19:30:00"); a trailing Z is ignored. */
export const localDateTimeSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z?$/,
    "expected a local date-time YYYY-MM-DDTHH:MM:SS",
  )
  .refine((value) => parseLocalDateTime(value) !== null, "is not a real date and time");

/** The one error body of the API. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  type: z.string().describe("exception name, e.g. CartNotFoundException"),
  errorCode: z.string().optional(),
  message: z.string(),
  details: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .optional()
    .describe("the fields at fault"),
  partnerType: z.enum(["DEMO", "PROD"]).optional(),
  redirectUrl: z.string().optional().describe("where a suspended partner's visitors are sent"),
  price: z
    .number()
    .optional()
    .describe("a product's unit price now, options included, when the one the customer saw changed"),
  wrongCodes: z
    .number()
    .int()
    .optional()
    .describe("the wrong hand-over codes a courier entered so far for the order, of 5 before it is locked"),
  requestId: z
    .string()
    .optional()
    .describe("the request's id, as in the answer's X-Request-Id header and the server's logs"),
});
/**
 * The error body as clients read it: its `type` is one of the API's own exception names. (Fastify's
 * own rare client errors carry a `FrameworkErrorName` on the wire; no client tells those apart.)
 */
export type ApiError = Omit<z.infer<typeof apiErrorSchema>, "type"> & { type: ErrorName };
/** The error body as the API writes it, Fastify's own client errors included. */
export type ApiErrorBody = Omit<ApiError, "type"> & { type: ErrorName | FrameworkErrorName };
