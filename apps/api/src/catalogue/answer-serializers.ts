import { createHash } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import {
  bannerSchema,
  catalogueSchema,
  categoriesResponseSchema,
  contentPageSchema,
  contentPageSummarySchema,
  localityParamsSchema,
  localitySchema,
  nearestLocalitySchema,
  productSchema,
  searchResultsSchema,
  vendorDetailSchema,
  vendorsPageSchema,
} from "@storefront/domain/contract";
import { serializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import type { EncodedForms } from "../plugins/kept-encodings.ts";

/**
 * A public catalogue answer as sent: its JSON, encoded once, a strong ETag of it, and its compressed
 * forms, each made when a client first asks for it (`sendAnswer`).
 */
export interface Answer {
  body: Buffer;
  etag: string;
  encoded: EncodedForms;
}

/**
 * Serializes an answer once, when it is built. With `check` (tests) it is also passed through the
 * route's response schema as the type provider would, and must come out the same: a builder that
 * breaks its schema or adds a field the schema does not declare fails there, not in production.
 */
function answerOf<T>(schema: z.ZodType<T>, name: string, check: boolean): (value: T) => Answer {
  const serializeChecked = serializerCompiler({ schema, method: "GET", url: name, httpStatus: "200" });
  return (value) => {
    const json = JSON.stringify(value);
    if (check && !isDeepStrictEqual(JSON.parse(serializeChecked(value)), JSON.parse(json))) {
      throw new Error(`The ${name} answer holds fields its response schema does not declare`);
    }
    const body = Buffer.from(json);
    return { body, etag: `"${createHash("sha1").update(body).digest("base64")}"`, encoded: new Map() };
  };
}

/** The serializer of each public catalogue answer. */
export function serializers(check: boolean) {
  return {
    localities: answerOf(z.array(localitySchema), "localities", check),
    nearest: answerOf(nearestLocalitySchema, "nearest locality", check),
    params: answerOf(localityParamsSchema, "locality params", check),
    banners: answerOf(z.array(bannerSchema), "banners", check),
    categories: answerOf(categoriesResponseSchema, "categories", check),
    vendors: answerOf(vendorsPageSchema, "vendors page", check),
    vendor: answerOf(vendorDetailSchema, "vendor", check),
    catalogue: answerOf(catalogueSchema, "catalogue", check),
    product: answerOf(productSchema, "product", check),
    search: answerOf(searchResultsSchema, "search results", check),
    contentPages: answerOf(z.array(contentPageSummarySchema), "content pages", check),
    contentPage: answerOf(contentPageSchema, "content page", check),
  };
}
