import { createHash } from "node:crypto";
import { brandContrast } from "@storefront/domain/brand";
import { escapeMarkup } from "@storefront/domain/markup";
import sharp, { type Metadata } from "sharp";
import { type MediaStore, mediaPathOf } from "../media/media-store.ts";
import type { Partner } from "../plugins/partner.ts";

/** Past this many pixels a picture is refused rather than decoded (a "pixel bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;
/** The social-preview image's side, as the storefront's og:image announces it. */
export const SOCIAL_PREVIEW_SIZE = 1500;
/** The logo is kept within this box, its proportions and transparency kept (the header shows it 32 px high). */
const LOGO_BOX = { width: 640, height: 160 };
/** The smallest logo worth showing: the header's height at twice the pixel density. */
const LOGO_MIN_HEIGHT = 64;

export type BrandPictureKind = "logo" | "social";
export type BrandPictureRefusal = "NOT_AN_IMAGE" | "TOO_SMALL";

/**
 * A partner's uploaded logo (kept whole within 640 × 160, transparency kept) or social-preview image
 * (cropped square from the middle to 1500 × 1500; a smaller one is refused), as WebP and PNG, kept in
 * the media store under `brand/` named by its content. Answers its public path or why the bytes will
 * not do.
 */
export async function storeBrandPicture(
  media: MediaStore,
  kind: BrandPictureKind,
  bytes: Buffer,
): Promise<{ url: string } | { refusal: BrandPictureRefusal }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return { refusal: "NOT_AN_IMAGE" };
  }
  if (!meta.format || !["jpeg", "png", "webp"].includes(meta.format)) return { refusal: "NOT_AN_IMAGE" };
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  const big =
    kind === "logo"
      ? height >= LOGO_MIN_HEIGHT
      : width >= SOCIAL_PREVIEW_SIZE && height >= SOCIAL_PREVIEW_SIZE;
  if (!big) return { refusal: "TOO_SMALL" };
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const made =
    kind === "logo"
      ? image.resize(LOGO_BOX.width, LOGO_BOX.height, { fit: "inside", withoutEnlargement: true }).webp()
      : image
          .resize(SOCIAL_PREVIEW_SIZE, SOCIAL_PREVIEW_SIZE, { fit: "cover", position: "attention" })
          .png({ compressionLevel: 9 });
  const output = await made.toBuffer();
  const hash = createHash("sha256").update(output).digest("hex").slice(0, 20);
  const key = `brand/${kind}-${hash}.${kind === "logo" ? "webp" : "png"}`;
  await media.put(key, output, kind === "logo" ? "image/webp" : "image/png");
  return { url: mediaPathOf(key) };
}

/** The bytes of a picture this module stored, or null for anything else (a seed's address, a typo). */
async function storedPicture(media: MediaStore, url: string | null | undefined): Promise<Buffer | null> {
  const match = url?.match(/^\/api\/media\/(brand\/(?:logo|social)-[0-9a-f]{20}\.(?:webp|png))$/);
  return match ? ((await media.get(match[1] as string))?.bytes ?? null) : null;
}

/** What the generated pictures are drawn from: a change of any of it is a new version. */
export function brandPicturesVersion(partner: Partner): string {
  const { settings, publicInfo } = partner;
  const drawnFrom = [
    publicInfo.platformName,
    settings.brandColour,
    settings.textLogo,
    settings.logoUrl ?? "",
    settings.socialImageUrl ?? "",
  ];
  return createHash("sha1").update(JSON.stringify(drawnFrom)).digest("hex").slice(0, 12);
}

/** The address of a partner's generated picture, versioned by what it is drawn from. */
export function brandPictureUrl(
  partner: Partner,
  picture: "icon-192.png" | "icon-512.png" | "social-preview.png",
): string {
  return `/api/partners/${encodeURIComponent(partner.code)}/${picture}?v=${brandPicturesVersion(partner)}`;
}

/** The platform's name drawn in the brand's readable shade, as a text logo reads. */
function nameSvg(name: string, colour: string, width: number, height: number, fontSize: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="Noto Sans, Noto Sans Arabic, sans-serif" font-weight="700" font-size="${fontSize}" fill="${colour}">${escapeMarkup(name)}</text></svg>`,
  );
}

/**
 * The partner's 1500 × 1500 social-preview image: the uploaded one, else made from the logo (or from
 * the platform's name for a text logo) on a tint of the brand colour.
 */
export async function socialPreviewOf(media: MediaStore, partner: Partner): Promise<Buffer> {
  const uploaded = await storedPicture(media, partner.settings.socialImageUrl);
  if (uploaded) return uploaded;
  const size = SOCIAL_PREVIEW_SIZE;
  const { shown } = brandContrast(partner.settings.brandColour);
  const logo = await logoBytes(media, partner);
  const centre = logo
    ? await sharp(logo).resize(1100, 500, { fit: "inside" }).png().toBuffer()
    : nameSvg(fitName(partner.publicInfo.platformName), shown, 1300, 400, 150);
  return sharp({ create: { width: size, height: size, channels: 4, background: tint(partner) } })
    .composite([{ input: centre, gravity: "centre" }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * The partner's square icon (favicon, home-screen icon) at `size` pixels: the logo within a white
 * square, or for a text logo the name's first letter in white on the brand's readable shade.
 */
export async function brandIconOf(media: MediaStore, partner: Partner, size: number): Promise<Buffer> {
  const logo = await logoBytes(media, partner);
  if (logo) {
    const inner = Math.round(size * 0.9);
    const fitted = await sharp(logo).resize(inner, inner, { fit: "inside" }).png().toBuffer();
    return sharp({ create: { width: size, height: size, channels: 4, background: "#ffffff" } })
      .composite([{ input: fitted, gravity: "centre" }])
      .png()
      .toBuffer();
  }
  const { shown } = brandContrast(partner.settings.brandColour);
  const letter = Array.from(partner.publicInfo.platformName.trim())[0]?.toUpperCase() ?? "";
  const radius = Math.round(size * 0.22);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
    `<rect width="${size}" height="${size}" rx="${radius}" fill="${shown}"/>` +
    `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="Noto Sans, Noto Sans Arabic, sans-serif" font-weight="700" font-size="${Math.round(size * 0.62)}" fill="#ffffff">${escapeMarkup(letter)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function logoBytes(media: MediaStore, partner: Partner): Promise<Buffer | null> {
  return partner.settings.textLogo ? Promise.resolve(null) : storedPicture(media, partner.settings.logoUrl);
}

/** A long name is cut to what the preview's width holds. */
function fitName(name: string): string {
  const letters = Array.from(name);
  return letters.length > 14 ? `${letters.slice(0, 13).join("")}…` : name;
}

/** The brand colour's light tint the preview stands on. */
function tint(partner: Partner): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(partner.settings.brandColour.slice(i, i + 2), 16));
  const mixed = channels.map((c) => Math.round(c * 0.12 + 255 * 0.88));
  return `#${mixed.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}
