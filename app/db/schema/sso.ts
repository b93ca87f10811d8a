import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "../columns";
import { companyId } from "./company-owned";

/** 128 random bits, hex: a domain claim's verification token. */
export function newVerificationToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Single sign-on (SAML2), firm domains and SCIM provisioning (decision 0150). The IdP's
 * login URL, certificate and allowFederation stay on `companies` (the spec's Company).
 */

/** An AuthnRequest we sent: its ID may come back once as InResponseTo, before it expires. */
export const samlRequests = sqliteTable(
  "saml_requests",
  {
    id: text("id").primaryKey(),
    companyId: companyId(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("saml_requests_company_idx").on(t.companyId, t.expiresAt), index("saml_requests_expires_idx").on(t.expiresAt)],
);

/** Assertions already used to sign in, kept until they expire: a replayed one is refused. */
export const samlAssertions = sqliteTable(
  "saml_assertions",
  {
    companyId: companyId(),
    assertionId: text("assertion_id").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.assertionId] }), index("saml_assertions_expires_idx").on(t.expiresAt)],
);

/**
 * E-mail domains a firm claims: unique across the installation (the primary key). A claim
 * counts for login routing and SSO provisioning only once verified (decision 0250): by the
 * DNS TXT record availability-verification=<token>, or by the installation operator.
 */
export const companyDomains = sqliteTable(
  "company_domains",
  {
    domain: text("domain").primaryKey(),
    companyId: companyId(),
    createdAt: createdAt(),
    /**
     * The claim's own random token: the TXT record is availability-verification=<token>. Stored,
     * not derived from a secret, so rotating SESSION_SECRET never un-verifies a domain. Rows from
     * before it were given one by migration 0026.
     */
    verificationToken: text("verification_token").$defaultFn(newVerificationToken),
    verifiedAt: integer("verified_at", { mode: "timestamp_ms" }),
    /** "dns" or "operator". */
    verifiedBy: text("verified_by"),
    /** The last DNS check (the dialog's "Check now", or the cron) and what it found wrong. */
    checkedAt: integer("checked_at", { mode: "timestamp_ms" }),
    checkError: text("check_error"),
  },
  (t) => [index("company_domains_company_idx").on(t.companyId)],
);

/** Installation-level: domains of firms that live in another regional installation. */
export const installationDomains = sqliteTable("installation_domains", {
  domain: text("domain").primaryKey(),
  installationUrl: text("installation_url").notNull(),
  createdAt: createdAt(),
});

/** Bearer tokens for a firm's SCIM client; only a SHA-256 of the secret is kept. */
export const scimTokens = sqliteTable(
  "scim_tokens",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("scim_tokens_company_idx").on(t.companyId)],
);

/**
 * Groups a firm's SCIM client keeps (Entra and Okta push their directory groups): the
 * members' team follows our group whose ssoIdentifiers name the group's displayName.
 */
export const scimGroups = sqliteTable(
  "scim_groups",
  {
    id: id(),
    companyId: companyId(),
    displayName: text("display_name").notNull(),
    externalId: text("external_id"),
    /** JSON array of user ids. */
    members: text("members", { mode: "json" }).$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index("scim_groups_company_idx").on(t.companyId)],
);

export type ScimToken = typeof scimTokens.$inferSelect;
