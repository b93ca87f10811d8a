import type { ApnsConfig } from "./config";
import { readText } from "../bounded-body";
import { jsonBase64Url, toBase64Url } from "~/lib/base64url";

/**
 * Apple Push Notification service, provider-token flavour (decision 0197): every request
 * carries `authorization: bearer <JWT>`, an ES256 JWT whose header names the key (kid) and
 * whose claims are the team (iss) and when it was made (iat). Apple refuses a token older
 * than an hour and throttles one made more often than every 20 minutes, so one token is
 * reused for up to 50 minutes. The request is `POST {origin}/3/device/{token}` with the aps
 * JSON body and the apns-* headers; APNs itself speaks HTTP/2, which Workers' fetch
 * negotiates with it; the loopback fake answers the same shape over HTTP/1.1.
 */
export const TOKEN_REUSE_MS = 50 * 60_000;
const TIMEOUT_MS = 10_000;

const tokens = new Map<string, { token: string; issuedAt: number }>();
const cacheKey = (config: ApnsConfig) => `${config.origin}|${config.keyId}|${config.teamId}|${config.privateKey.slice(-16)}`;

async function signingKey(config: ApnsConfig): Promise<CryptoKey> {
  const der = Uint8Array.from(atob(config.privateKey), (c) => c.charCodeAt(0));
  return crypto.subtle.importKey("pkcs8", der, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
}

/** The provider token: the cached one while it is younger than 50 minutes, else a new one. */
export async function providerToken(config: ApnsConfig, nowMs = Date.now()): Promise<string> {
  const cached = tokens.get(cacheKey(config));
  if (cached && nowMs >= cached.issuedAt && nowMs - cached.issuedAt < TOKEN_REUSE_MS) return cached.token;
  const input = `${jsonBase64Url({ alg: "ES256", kid: config.keyId })}.${jsonBase64Url({ iss: config.teamId, iat: Math.floor(nowMs / 1000) })}`;
  // WebCrypto's ECDSA signature is r||s (IEEE P1363), which is what JWS's ES256 wants.
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, await signingKey(config), new TextEncoder().encode(input)),
  );
  const token = `${input}.${toBase64Url(signature)}`;
  tokens.set(cacheKey(config), { token, issuedAt: nowMs });
  return token;
}

/** Forgets the cached token (APNs said it was expired or invalid). */
export function forgetProviderToken(config: ApnsConfig) {
  tokens.delete(cacheKey(config));
}

export interface ApnsPush {
  deviceToken: string;
  /** The JSON body: `aps` and our own keys. */
  payload: Record<string, unknown>;
  /** apns-expiration: APNs stops trying to deliver after this. */
  expiresAt: Date;
  /** apns-priority: 10 sends at once, 5 when the device is awake anyway. */
  priority: 5 | 10;
  collapseId?: string;
}

/**
 * What became of one push. `unregistered`: the device token no longer works for our app
 * (410, or 400 BadDeviceToken / DeviceTokenNotForTopic) and is to be forgotten; `retry`: worth
 * trying again later (403 provider token problems, 429, 5xx, no answer); `drop`: APNs refused
 * this request for good (any other 4xx).
 */
export type PushResult = { outcome: "sent"; apnsId: string | null } | { outcome: "unregistered" | "retry" | "drop"; status: number; reason: string };

export async function sendPush(config: ApnsConfig, push: ApnsPush): Promise<PushResult> {
  let response: Response;
  try {
    response = await fetch(`${config.origin}/3/device/${encodeURIComponent(push.deviceToken)}`, {
      method: "POST",
      headers: {
        authorization: `bearer ${await providerToken(config)}`,
        "apns-topic": config.topic,
        "apns-push-type": "alert",
        "apns-priority": String(push.priority),
        "apns-expiration": String(Math.floor(push.expiresAt.getTime() / 1000)),
        ...(push.collapseId ? { "apns-collapse-id": push.collapseId } : {}),
        "content-type": "application/json",
      },
      body: JSON.stringify(push.payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { outcome: "retry", status: 0, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  if (response.status === 200) {
    await response.body?.cancel();
    return { outcome: "sent", apnsId: response.headers.get("apns-id") };
  }
  // Its error answers are a short JSON object; anything longer is not read past 64 KiB.
  const text = await readText(response, 64 * 1024).catch(() => "");
  let reason = `HTTP ${response.status}`;
  try {
    const parsed = JSON.parse(text) as { reason?: unknown };
    if (typeof parsed.reason === "string") reason = parsed.reason;
  } catch {
    // Not JSON (a proxy's error page, say): the status is all there is.
  }
  const status = response.status;
  if (status === 410 || (status === 400 && (reason === "BadDeviceToken" || reason === "DeviceTokenNotForTopic")))
    return { outcome: "unregistered", status, reason };
  if (status === 403) {
    // ExpiredProviderToken, InvalidProviderToken, MissingProviderToken: a fresh token next time.
    forgetProviderToken(config);
    return { outcome: "retry", status, reason };
  }
  if (status === 429 || status >= 500) return { outcome: "retry", status, reason };
  return { outcome: "drop", status, reason };
}
