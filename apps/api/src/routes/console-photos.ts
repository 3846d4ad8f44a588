import { apiErrorSchema } from "@storefront/domain/contract";
import type { FastifyInstance } from "fastify";
import { PHOTO_MAX_BYTES, PHOTO_TYPES, storeUploadedPhoto } from "../catalogue/uploaded-photos.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { MediaStore } from "../media/media-store.ts";
import type { PictureKind } from "../seed/pictures.ts";

/** What a photo upload's documentation adds to the console's refusals. */
export const photoErrors = { 413: apiErrorSchema, 415: apiErrorSchema } as const;

export const PHOTO_BODY_DESCRIPTION =
  "The body is the picture itself (Content-Type image/jpeg, image/png or image/webp; other types 415, over " +
  "10 MB 413). A body that is not such a picture is 400 NOT_AN_IMAGE; one under the smallest size served is " +
  "400 TOO_SMALL. It is cropped to each size from its middle, turned upright and stripped of its metadata; the " +
  "storefront shows it from its next read.";

/** Lets the plugin's routes take a picture as the request's body, as a file picker gives it. */
export function acceptPhotoBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    [...PHOTO_TYPES],
    { parseAs: "buffer", bodyLimit: PHOTO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
}

/** A request's body stored as a picture of a kind: its image id, or a 415 or a 400 naming `photo`. */
export async function storeBodyPhoto(
  db: Database,
  media: MediaStore,
  kind: PictureKind,
  body: unknown,
): Promise<number> {
  if (!Buffer.isBuffer(body))
    throw new AppError(
      415,
      "UnsupportedMediaTypeException",
      "Send the photo as image/jpeg, image/png or image/webp",
    );
  const stored = await storeUploadedPhoto(db, media, kind, body);
  if ("refusal" in stored) {
    const message =
      stored.refusal === "TOO_SMALL"
        ? "is smaller than the smallest size served"
        : "must be a JPEG, PNG or WebP picture";
    throw new AppError(400, "ValidationException", `Invalid body: photo ${message}`, {
      errorCode: stored.refusal,
      details: [{ field: "photo", message }],
    });
  }
  return stored.imageId;
}
