import { isLocalEnv, type Env } from "~/env";

/**
 * The installation's VAPID identity for Web Push (RFC 8292, decision 0302): a P-256 key pair,
 * the public key as the uncompressed point (65 bytes, base64url: what browsers take as
 * `applicationServerKey`), the private key as its scalar d (base64url; a secret), and a
 * subject (a mailto: or https: contact the push services may use). Off (null) unless all three
 * are set.
 */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The development and test key pair's public half ([env.dev] in wrangler.toml); deploy:check refuses it. */
export const DEV_VAPID_PUBLIC_KEY = "BJFTF5SzXsP2LgBEodVhnF6LvQtpw333uowZX5mT_xnEx9IIQzjEygCQrq92TllWlSiVroiw6dnNiBss9q8ntPk";

type VapidEnv = Pick<Env, "APP_ENV"> & {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  ALLOW_LOOPBACK_WEBPUSH?: string;
};

export function vapidConfig(env: VapidEnv): VapidConfig | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  const subject = env.VAPID_SUBJECT?.trim();
  if (!publicKey || !privateKey || !subject) return null;
  return { publicKey, privateKey, subject };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/**
 * Whether a subscription's endpoint may be pushed to: https, no credentials, at most 1 KiB
 * (browsers' endpoints are a few hundred characters). The loopback stand-in
 * (tests/fakes/web-push-fake.ts) is plain http, allowed only where a development or test
 * installation says ALLOW_LOOPBACK_WEBPUSH="true" (deploy:check refuses it).
 */
export function endpointAllowed(endpoint: string, env: VapidEnv): boolean {
  if (endpoint.length > 1024) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (LOOPBACK.test(url.hostname)) return isLocalEnv(env) && env.ALLOW_LOOPBACK_WEBPUSH === "true" && url.protocol === "http:";
  return url.protocol === "https:";
}
