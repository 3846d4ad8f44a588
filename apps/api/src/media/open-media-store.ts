import { LocalMediaStore } from "./local-media-store.ts";
import type { MediaStore, MediaStoreSettings } from "./media-store.ts";

/** The deployment's media store: the bucket with MEDIA_STORE=s3, else the local folder. */
export async function openMediaStore(
  settings: MediaStoreSettings | undefined,
  localDir: string,
): Promise<MediaStore> {
  if (settings?.store !== "s3") return new LocalMediaStore(localDir);
  // The SDK (some 120 ms and 7 MB of heap to load) only in a process that uses a bucket.
  const { S3MediaStore } = await import("./s3-media-store.ts");
  return new S3MediaStore(settings);
}
