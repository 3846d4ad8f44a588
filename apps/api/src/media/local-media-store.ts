import fs from "node:fs/promises";
import path from "node:path";
import { isMediaKey, type MediaStore, mediaTypeOf, type StoredMedia } from "./media-store.ts";

/** Pictures in a folder of this machine (MEDIA_DIR, `DATA_DIR/media` by default): one process, or one volume. */
export class LocalMediaStore implements MediaStore {
  constructor(readonly dir: string) {}

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const target = this.fileOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written under another name, then renamed into place: a reader never sees half a picture.
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, target);
  }

  async get(key: string): Promise<StoredMedia | null> {
    const bytes = await fs.readFile(this.fileOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    return bytes ? { bytes, contentType: mediaTypeOf(key) } : null;
  }

  exists(key: string): Promise<boolean> {
    return fs
      .access(this.fileOf(key))
      .then(() => true)
      .catch(() => false);
  }

  private fileOf(key: string): string {
    if (!isMediaKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
    return path.join(this.dir, ...key.split("/"));
  }
}
