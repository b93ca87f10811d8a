import { encryptNotification } from "@block65/webcrypto-web-push";
import { readText } from "../bounded-body";
import type { VapidConfig } from "./config";
import { fromBase64Url, jsonBase64Url, toBase64Url } from "~/lib/base64url";

/**
 * Sending one Web Push message (RFC 8030) with VAPID (RFC 8292) and an aes128gcm body
 * (RFC 8291), decision 0302. The body is encrypted by @block65/webcrypto-web-push (WebCrypto
 * only, runs in workerd); the VAPID JWT is signed here, because that library refuses any
 * endpoint that is not https and the loopback stand-in is plain http. The JWT's claims are the
 * endpoint's origin (aud), an expiry 12 hours on (exp, RFC 8292 allows 24) and the subject.
 */
const TIMEOUT_MS = 10_000;
const JWT_LIFETIME_S = 12 * 3600;

async function signingKey(config: VapidConfig): Promise<CryptoKey> {
  const point = fromBase64Url(config.publicKey);
  if (point.length !== 65 || point[0] !== 4) throw new Error("VAPID_PUBLIC_KEY is not an uncompressed P-256 point (65 bytes, base64url)");
  return crypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", x: toBase64Url(point.slice(1, 33)), y: toBase64Url(point.slice(33)), d: config.privateKey },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
}

/** `Authorization: vapid t=<JWT>, k=<public key>` for one endpoint. */
export async function vapidAuthorization(config: VapidConfig, endpoint: string, nowMs = Date.now()): Promise<string> {
  const input = `${jsonBase64Url({ typ: "JWT", alg: "ES256" })}.${jsonBase64Url({
    aud: new URL(endpoint).origin,
    exp: Math.floor(nowMs / 1000) + JWT_LIFETIME_S,
    sub: config.subject,
  })}`;
  // WebCrypto's ECDSA signature is r||s, which is what JWS's ES256 wants.
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, await signingKey(config), new TextEncoder().encode(input)),
  );
  return `vapid t=${input}.${toBase64Url(signature)}, k=${config.publicKey}`;
}

export interface WebPushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * `gone`: the subscription no longer exists (404 or 410) and is to be deleted; `failed`: any
 * other answer or none (the reminder's mail still goes; the push is not retried).
 */
export type WebPushResult = { outcome: "sent"; status: number } | { outcome: "gone" | "failed"; status: number; reason: string };

export async function sendWebPush(
  config: VapidConfig,
  target: WebPushTarget,
  payload: unknown,
  options: { ttlSeconds: number; topic?: string; urgency?: "low" | "normal" | "high" },
): Promise<WebPushResult> {
  let response: Response;
  try {
    const body = await encryptNotification(
      { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
      new TextEncoder().encode(JSON.stringify(payload)),
    );
    response = await fetch(target.endpoint, {
      method: "POST",
      headers: {
        authorization: await vapidAuthorization(config, target.endpoint),
        ttl: String(options.ttlSeconds),
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
        ...(options.topic ? { topic: options.topic } : {}),
        ...(options.urgency ? { urgency: options.urgency } : {}),
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { outcome: "failed", status: 0, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  const status = response.status;
  if (status >= 200 && status < 300) {
    await response.body?.cancel();
    return { outcome: "sent", status };
  }
  const reason = (await readText(response, 16 * 1024).catch(() => "")).slice(0, 300) || `HTTP ${status}`;
  if (status === 404 || status === 410) return { outcome: "gone", status, reason };
  return { outcome: "failed", status, reason };
}
