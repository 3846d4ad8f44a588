/**
 * Where pictures are kept: the local folder (the embedded default) or an S3-compatible bucket. A
 * picture's key is its path under `/api/media/` (`product/u3f…/600x400.webp`), named by its content,
 * so a key is written once and never changes: any cache may keep what it read for good.
 */
export interface MediaStore {
  /** Keeps the bytes under the key, whole: a reader sees the old object, none, or all of the new one. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object under the key, or null when there is none. */
  get(key: string): Promise<StoredMedia | null>;
  exists(key: string): Promise<boolean>;
}

export interface StoredMedia {
  bytes: Buffer;
  contentType: string;
  /** The store's entity tag (quoted), when it names one. */
  etag?: string | undefined;
}

/** The S3-compatible bucket pictures are kept in (MEDIA_STORE=s3). */
export interface S3MediaSettings {
  bucket: string;
  region: string;
  /** MinIO, R2 or a test's stand-in: addressed path-style (`{endpoint}/{bucket}/{key}`). */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
}

export type MediaStoreSettings = { store: "local" } | ({ store: "s3" } & S3MediaSettings);

/**
 * The store could not keep or read a picture (unreachable, refused our credentials, no such bucket):
 * the API answers 503 and logs the cause, never a half-kept picture.
 */
export class MediaStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MediaStoreError";
  }
}

/** What the media address answers for pictures: immutable, as their keys are. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Where the API serves the media store's keys. */
export const MEDIA_PATH_PREFIX = "/api/media/";

/**
 * A key the stores accept: folders and a file name of letters, digits, `_`, `-` and `.`, never a
 * segment of dots alone, so no key leaves the media folder or the bucket's picture keys.
 */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

export function isMediaKey(key: string): boolean {
  return KEY.test(key) && !key.split("/").some((segment) => /^\.+$/.test(segment));
}

/** The path the API serves a key at: `/api/media/{key}`. */
export function mediaPathOf(key: string): string {
  return `${MEDIA_PATH_PREFIX}${key}`;
}

/** The key of a path under `/api/media/`, or null for any other path. */
export function mediaKeyOf(path: string): string | null {
  if (!path.startsWith(MEDIA_PATH_PREFIX)) return null;
  const key = path.slice(MEDIA_PATH_PREFIX.length);
  return isMediaKey(key) ? key : null;
}

const TYPES: Record<string, string> = { webp: "image/webp", png: "image/png", jpg: "image/jpeg" };

/** A picture's content type by its file name's extension. */
export function mediaTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}

/** The address clients load a stored picture path from. */
export type MediaAddress = (path: string) => string;

/**
 * Where browsers load pictures: the stored path itself (`/api/media/…`, which this API serves),
 * or with MEDIA_PUBLIC_URL (a CDN or the bucket's own origin) the same key under it. Paths the
 * store does not hold (another site's picture) are left as they are.
 */
export function mediaAddressOf(publicUrl: string | undefined): MediaAddress {
  if (!publicUrl) return (path) => path;
  const base = publicUrl.replace(/\/+$/, "");
  return (path) =>
    path.startsWith(MEDIA_PATH_PREFIX) ? `${base}/${path.slice(MEDIA_PATH_PREFIX.length)}` : path;
}

/** The origin of MEDIA_PUBLIC_URL, for the pages' Content-Security-Policy; null when unset. */
export function mediaOriginOf(publicUrl: string | undefined): string | null {
  return publicUrl ? new URL(publicUrl).origin : null;
}
