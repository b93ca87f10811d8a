import type { Env } from "~/env";

/**
 * Where and as whom the installation talks to Apple Push Notification service (decision 0197).
 * Provider-token auth: a .p8 signing key with its key id and the developer team id; the iOS
 * app's bundle id is every push's apns-topic. Off (null) unless all four are set.
 */
export interface ApnsConfig {
  origin: string;
  keyId: string;
  teamId: string;
  topic: string;
  /** The PKCS#8 DER of the P-256 key, base64 (a .p8 file without its armour). */
  privateKey: string;
}

export const APNS_PRODUCTION_ORIGIN = "https://api.push.apple.com";

export function apnsConfig(env: Env): ApnsConfig | null {
  if (!env.APNS_PRIVATE_KEY || !env.APNS_KEY_ID || !env.APNS_TEAM_ID || !env.APNS_TOPIC) return null;
  return {
    origin: (env.APNS_ORIGIN || APNS_PRODUCTION_ORIGIN).replace(/\/$/, ""),
    keyId: env.APNS_KEY_ID,
    teamId: env.APNS_TEAM_ID,
    topic: env.APNS_TOPIC,
    privateKey: env.APNS_PRIVATE_KEY.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "").replace(/\\n|\s/g, ""),
  };
}
