/** What a profile picture may be (checked by the settings page before it sends, and by the server). */
export const MAX_PICTURE_MB = 2;
export const PICTURE_TYPE_MESSAGE = "Use a JPEG or PNG picture.";
export const PICTURE_SIZE_MESSAGE = `The picture is too large. Use one of at most ${MAX_PICTURE_MB} MB.`;

/** The internal-store marker rule: our own files are served by /api/profilePicture. */
export const INTERNAL_PICTURE_MARKER = "internal-store:";
export const PICTURE_CDN = "https://cdn.availability.example";

export function profilePictureUrl(stored: string | null | undefined): string | null {
  if (!stored) return null;
  if (stored.includes(INTERNAL_PICTURE_MARKER)) return `/api/profilePicture/${encodeURIComponent(stored.replace(INTERNAL_PICTURE_MARKER, ""))}`;
  if (/^https?:\/\//.test(stored)) return stored;
  return `${PICTURE_CDN}/${encodeURIComponent(stored)}`;
}
