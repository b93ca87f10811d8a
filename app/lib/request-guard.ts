/**
 * What the Worker entry checks and adds around every request, before and after Remix:
 * cross-site writes are refused before any work (CSRF), and every dynamic response gets
 * the security headers. Plain functions so workerd tests can call them directly.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write the browser sent on behalf of another site. Browsers send `Origin` on every
 * non-GET request and `Sec-Fetch-Site` with it; clients that send neither (the iOS and
 * Teams apps with a bearer token, server-to-server integrations) carry no ambient
 * credentials a foreign page could borrow, so they keep working.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== new URL(request.url).origin;
}

export function crossSiteRefusal(request: Request): Response {
  const message = "Cross-site request refused";
  if (new URL(request.url).pathname.startsWith("/api/")) {
    return Response.json({ message }, { status: 403, headers: { "Cache-Control": "no-store" } });
  }
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * Reads what is left of a request body. A response sent while the client is still
 * uploading breaks wrangler's dev proxy (workers-sdk 15203 and friends) and leaves the
 * connection in an odd state in production too; reading it to the end costs nothing.
 */
export async function drainBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  try {
    const reader = request.body.getReader();
    for (;;) {
      const { done } = await reader.read();
      if (done) return;
    }
  } catch {
    // The client went away: nothing left to read.
  }
}

/** 128 bits, base64: a fresh one for every HTML response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Where the product may be framed: itself, and Microsoft Teams (the Teams tab). */
export const FRAME_ANCESTORS = ["'self'", "https://teams.microsoft.com", "https://*.teams.microsoft.com", "https://*.cloud.microsoft"];

export function contentSecurityPolicy(nonce: string): string {
  return [
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${FRAME_ANCESTORS.join(" ")}`,
  ].join("; ");
}

/**
 * Headers for every response the Worker makes (not the static assets, which the platform
 * serves before it). Nothing dynamic is cached by browsers or proxies unless the route said
 * otherwise (profile pictures do): signed-in pages, the API and the pages whose URL holds
 * a secret all carry personal data.
 */
export function withSecurityHeaders(request: Request, response: Response): Response {
  if (response.status === 101 || response.webSocket) return response;
  const headers = new Headers(response.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  if (new URL(request.url).protocol === "https:") headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
