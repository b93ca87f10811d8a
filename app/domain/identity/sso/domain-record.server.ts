/**
 * The DNS TXT record a firm publishes to prove an e-mail domain (decision 0250):
 * `availability-verification=<token>`, the claim's own random token (company_domains.
 * verification_token), so unguessable by other firms and unchanged when secrets rotate. Its own
 * module (no database, no realtime) so the loopback resolver of `npm start` and the e2e server
 * can publish the demo firm's record (tests/fakes/doh-server.ts --demo).
 */
export const TXT_PREFIX = "availability-verification=";

export function verificationRecord(token: string): string {
  return `${TXT_PREFIX}${token}`;
}
