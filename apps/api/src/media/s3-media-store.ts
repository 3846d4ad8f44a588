import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import {
  MEDIA_CACHE_CONTROL,
  type MediaStore,
  MediaStoreError,
  mediaTypeOf,
  type S3MediaSettings,
  type StoredMedia,
} from "./media-store.ts";

/**
 * Pictures in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…), through the official SDK: the
 * processes of a deployment share it without a shared folder, and a CDN may stand in front of it.
 * Each object carries its content type and the immutable Cache-Control, for a CDN reading the
 * bucket directly (MEDIA_PUBLIC_URL).
 */
export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3MediaSettings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // An endpoint of its own (MinIO, R2, a stand-in) is addressed {endpoint}/{bucket}/{key}: no DNS
      // name per bucket is needed.
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      // An upload waits for its answer, never for ever: an unreachable store is a 503 within seconds.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 20_000 },
      maxAttempts: 3,
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      Body: bytes,
      ContentType: contentType,
      CacheControl: MEDIA_CACHE_CONTROL,
    });
    await this.client.send(command).catch((error: unknown) => {
      throw this.failure("PutObject", key, error);
    });
  }

  async get(key: string): Promise<StoredMedia | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      const bytes = Buffer.from(await answer.Body.transformToByteArray());
      return { bytes, contentType: answer.ContentType ?? mediaTypeOf(key), etag: answer.ETag };
    } catch (error) {
      if (missing(error)) return null;
      throw this.failure("GetObject", key, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw this.failure("HeadObject", key, error);
    }
  }

  /** A failure other than a missing key, named with what was asked and what the store answered. */
  private failure(action: string, key: string, error: unknown): MediaStoreError {
    const answered =
      error instanceof S3ServiceException ? ` ${error.name} (HTTP ${error.$metadata.httpStatusCode})` : "";
    return new MediaStoreError(
      `The media store failed ${action} of ${this.bucket}/${key}:${answered} ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** S3's "no such object": NoSuchKey for a GET, a bare 404 (NotFound) for a HEAD. */
function missing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || (error.name === "NotFound" && error.$metadata.httpStatusCode === 404))
  );
}
