import type { FastifyReply } from "fastify";
import sharp from "sharp";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { findDeliveryProof } from "./delivery-proofs-repository.ts";

/** The kept photo's longer side at most: enough to see the bag at the door. */
const PROOF_MAX_PX = 1280;
/** Past this many pixels a picture is refused rather than decoded (a "pixel bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The courier's photo at the door (a JPEG, PNG or WebP data URL) as it is kept: WebP, at most
 * 1280 px on its longer side, turned upright, its metadata (where, which phone) dropped. Anything
 * that is not such a picture is a 400 naming `photo`.
 */
export async function proofPhoto(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(PROOF_MAX_PX, PROOF_MAX_PX, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    throw new AppError(400, "ValidationException", "This is not a photo", {
      details: [{ field: "photo", message: "is not a readable JPEG, PNG or WebP picture" }],
    });
  }
}

/** Answers the order's photo at the door (private: only its customer and the partner's staff ask), or a 404. */
export async function sendDeliveryPhoto(db: Database, orderId: number, reply: FastifyReply) {
  const proof = await findDeliveryProof(db, orderId);
  if (!proof) throw new AppError(404, "OrderNotFoundException", `Order ${orderId} has no photo at the door`);
  return reply
    .header("content-type", "image/webp")
    .header("cache-control", "private, max-age=86400")
    .send(proof.photo);
}
