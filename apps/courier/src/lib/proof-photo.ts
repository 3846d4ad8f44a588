/** The longest side of a proof photo: enough to see the bag at the door, a few hundred kB as a JPEG. */
export const PHOTO_MAX_SIDE = 1280;
const JPEG_QUALITY = 0.7;

/**
 * The camera's photo made small enough to send (and to keep on the phone while offline): turned
 * upright by its EXIF orientation, its longest side at most 1280 px, as a JPEG data URL.
 */
export async function shrinkPhoto(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2D canvas to shrink the photo in");
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL("image/jpeg", JPEG_QUALITY);
}
