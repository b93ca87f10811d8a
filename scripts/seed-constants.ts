/** Seed values the end-to-end tests check against (no imports, so Playwright can load it). */

/** Demo Law's e-mail domain: its logins go through its SSO (verified by DNS, decision 0250). */
export const DEMO_FIRM_DOMAIN = "demolaw.test";

/** Its claim's verification token: the loopback resolver publishes availability-verification=<this>. */
export const DEMO_DOMAIN_TOKEN = "de3010a0de3010a0de3010a0de3010a0";

/** Demo Law sorts titles most senior first (the company setting titleRanking). */
export const DEMO_TITLE_RANKING = [
  "Partner",
  "Counsel",
  "Managing Associate",
  "Senior Associate",
  "Associate",
  "Junior Associate",
  "Legal Counsel",
  "Paralegal",
];

/**
 * Demo Law's Microsoft directory (tenant) on the loopback provider (tests/fakes/entra-server.ts):
 * the seed connects it, and `npm start` runs the provider with this directory's people.
 */
export const DEMO_TENANT_ID = "3f6b1d2e-8a4c-4e1f-9b2d-5c7a8e9f0a1b";
/** A second directory, of nobody's firm: its accounts exercise 'wrong account' and 'not connected'. */
export const GUEST_TENANT_ID = "0b8d7c6e-1f2a-4b3c-8d4e-9f0a1b2c3d4e";
/** The app registration the local provider knows (client id and secret). */
export const DEV_ENTRA_CLIENT_ID = "0f3a9b52-6c1d-4e7f-a8b9-c0d1e2f3a4b5";
export const DEV_ENTRA_CLIENT_SECRET = "local-entra-client-secret";

/**
 * The demo people's object ids in the demo directory (tests/fakes/entra-directory.ts), as the
 * directory sync records them: sign-in with Microsoft links by object id (decision 0250).
 */
export const DEMO_DIRECTORY_IDS: Record<string, string> = {
  "companyadmin@demo.test": "a1f0c3d2-0000-4000-8000-000000000001",
  "employee@demo.test": "a1f0c3d2-0000-4000-8000-000000000002",
  "invited@demo.test": "a1f0c3d2-0000-4000-8000-000000000003",
};
