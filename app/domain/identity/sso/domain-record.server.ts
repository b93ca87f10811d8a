import { derivedSecret, type SecretEnv } from "~/auth/secrets.server";

/**
 * The DNS TXT record a firm publishes to prove an e-mail domain (decision 0250):
 * `availability-verification=<token>`, the token an HMAC of the firm's id and the domain under
 * a key derived from SESSION_SECRET, so stable per firm and domain and unguessable by others.
 * Its own module (no database, no realtime) so the loopback resolver of `npm start` and the e2e
 * server can publish the demo firm's record (tests/fakes/doh-server.ts --demo).
 */
export const TXT_PREFIX = "availability-verification=";

export async function verificationRecord(env: SecretEnv, companyId: string, domain: string): Promise<string> {
  const secret = await derivedSecret(env, "domain-verification-v1");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${companyId} ${domain.toLowerCase()}`)));
  const token = [...mac.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${TXT_PREFIX}${token}`;
}
