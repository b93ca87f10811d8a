/**
 * The firm's `icon` setting (the spec's company settings: name, icon, ...): an image address
 * shown in the app's header and on the sign-in and sign-up pages in place of the product's
 * mark. Only an address a browser can show without leaking or running anything is used:
 * https, a small inline image, or http on this machine (local development and the tests).
 * Anything else stored before this rule existed is ignored, not shown.
 */
export const FIRM_ICON_MESSAGE = "Use an https:// address of an image (or a data:image URL).";

const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function isFirmIconUrl(value: string): boolean {
  const text = value.trim();
  if (INLINE_IMAGE.test(text)) return true;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname));
}

/** The address to show for a firm's icon setting, or null for the product's own mark. */
export function firmIconUrl(icon: string | null | undefined): string | null {
  return icon && isFirmIconUrl(icon) ? icon.trim() : null;
}
