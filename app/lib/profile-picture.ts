/** What a profile picture may be (checked by the settings page before it sends, and by the server). */
export const MAX_PICTURE_MB = 2;
export const PICTURE_TYPE_MESSAGE = "Use a JPEG or PNG picture.";
export const PICTURE_SIZE_MESSAGE = `The picture is too large. Use one of at most ${MAX_PICTURE_MB} MB.`;

/** The internal-store marker rule: our own files are served by /api/profilePicture. */
export const INTERNAL_PICTURE_MARKER = "internal-store:";
export const PICTURE_CDN = "https://cdn.availability.example";
/** Starts the name of a picture the directory sync brought (it follows the directory; an upload stays). */
export const DIRECTORY_PICTURE = "entra-";

/**
 * The one naming rule of the picture store, for the writers (upload, directory sync) and
 * the route that serves it: `[entra-]<user id>-<key>.jpg|png`, the key an upload's random
 * id (24 hex) or a directory photo's content hash (16 hex). Anything else is never served.
 */
const PICTURE_FILE = /^(?:entra-)?[0-9a-f]{24}-(?:[0-9a-f]{24}|[0-9a-f]{16})\.(?:jpg|png)$/;

export function isPictureFile(file: string): boolean {
  return PICTURE_FILE.test(file);
}

export function pictureFile(userId: string, key: string, type: "image/jpeg" | "image/png", fromDirectory = false): string {
  const file = `${fromDirectory ? DIRECTORY_PICTURE : ""}${userId}-${key}.${type === "image/png" ? "png" : "jpg"}`;
  if (!isPictureFile(file)) throw new Error(`Not a picture store name: ${file}`);
  return file;
}

export function profilePictureUrl(stored: string | null | undefined): string | null {
  if (!stored) return null;
  if (stored.includes(INTERNAL_PICTURE_MARKER)) return `/api/profilePicture/${encodeURIComponent(stored.replace(INTERNAL_PICTURE_MARKER, ""))}`;
  if (/^https?:\/\//.test(stored)) return stored;
  return `${PICTURE_CDN}/${encodeURIComponent(stored)}`;
}
