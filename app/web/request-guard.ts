/**
 * What the Worker entry checks and adds around every request, before and after Remix:
 * cross-site writes are refused before any work (CSRF), and every dynamic response gets
 * the security headers. Plain functions so workerd tests can call them directly.
 */

import { MAX_PICTURE_BYTES } from "~/domain/users/profile-picture.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What any request body may weigh; a profile picture (multipart) may weigh its limit plus the form around it. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
const PICTURE_BODY_LIMIT_BYTES = MAX_PICTURE_BYTES + 64 * 1024;
const PICTURE_UPLOAD = /^\/api\/v2\/users\/[^/]+\/profile-picture$/;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A write the browser sent on behalf of another site. Browsers send `Origin` on every
 * non-GET request and `Sec-Fetch-Site` with it; clients that send neither (the iOS and
 * Teams apps with a bearer token, server-to-server integrations) carry no ambient
 * credentials a foreign page could borrow, so they keep working.
 */
/** The SAML assertion URL: the firm's IdP posts to it from its own site, its signature is the credential. */
const SAML_ASSERTION_URL = /^\/api\/v2\/company\/[^/]+\/sso\/?$/;

export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (SAML_ASSERTION_URL.test(new URL(request.url).pathname)) return false;
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

function refusal(request: Request, status: number, message: string): Response {
  if (new URL(request.url).pathname.startsWith("/api/")) return Response.json({ message }, { status, headers: { "Cache-Control": "no-store" } });
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** Reads a body up to `limit` bytes, counting as it streams (a chunked upload has no Content-Length to trust). */
async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The shape checks every request passes before any route sees it, so that no route can
 * answer 500 to a malformed request: a GET or HEAD carrying a body is refused (400); a body
 * is read up to its cap, counting while it streams (413 beyond it); a page action (anything
 * outside /api and the realtime rooms) must send a form that parses (415 / 400). Returns the
 * request to hand on (its body read into memory) or the refusal.
 */
export async function checkRequestShape(request: Request): Promise<{ request: Request } | { refusal: Response }> {
  const url = new URL(request.url);
  if (!request.body) return { request: isPageWrite(request, url) ? asEmptyForm(request) : request };
  if (request.method === "GET" || request.method === "HEAD") {
    await drainBody(request);
    return { refusal: refusal(request, 400, `A ${request.method} request cannot carry a body.`) };
  }
  if (url.pathname.startsWith("/parties/")) return { request };
  const limit = PICTURE_UPLOAD.test(url.pathname) ? PICTURE_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
  if (Number(request.headers.get("Content-Length") ?? 0) > limit) {
    await drainBody(request);
    return { refusal: refusal(request, 413, "The request is too large.") };
  }
  const bytes = await readCapped(request.body, limit).catch(() => null);
  if (!bytes) return { refusal: refusal(request, 413, "The request is too large.") };
  const buffered = new Request(request, { body: bytes });
  // SCIM (/scim/v2) speaks JSON like the API and answers its own error shape.
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/scim/")) return { request: buffered };
  if (bytes.byteLength === 0) return { request: asEmptyForm(request) };
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) return { refusal: refusal(request, 415, "Send the form as a form.") };
  try {
    await buffered.clone().formData();
  } catch {
    return { refusal: refusal(request, 400, "The form could not be read.") };
  }
  return { request: buffered };
}

const isPageWrite = (request: Request, url: URL) =>
  request.method !== "GET" && request.method !== "HEAD" && !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/parties/");

/**
 * A page action sent without a body (or an empty one) reads as an empty form, so the action's
 * own validation answers 400 with its messages instead of formData() throwing on a missing
 * Content-Type.
 */
function asEmptyForm(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(request, { body: "", headers });
}

/** 128 bits, base64: a fresh one for every HTML response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Where the product may be framed: itself, and Microsoft Teams (the Teams tab). */
export const FRAME_ANCESTORS = ["'self'", "https://teams.microsoft.com", "https://*.teams.microsoft.com", "https://*.cloud.microsoft"];

export function contentSecurityPolicy(nonce: string, extraFrameAncestors: string[] = []): string {
  return [
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // The service worker (public/sw.js, decision 0302): 'strict-dynamic' leaves no source for it.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${[...FRAME_ANCESTORS, ...extraFrameAncestors].join(" ")}`,
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
