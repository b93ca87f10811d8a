const ORIGIN = "http://app.invalid";

/**
 * Only same-site paths: never an open redirect to another host. Browsers strip tabs and
 * newlines from URLs and read a backslash as a slash, so `/\t/evil.example` or
 * `/\evil.example` would leave the site: any control character or backslash is refused,
 * and what remains must resolve to this origin.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  if (typeof to !== "string" || !to.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN || to.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
