import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, updatedAt } from "../columns";

export const companies = sqliteTable(
  "companies",
  {
    id: id(),
    name: text("name").notNull(),
    customHtml: text("custom_html"),
    azureAdTenantId: text("azure_ad_tenant_id"),
    smtpHost: text("smtp_host"),
    smtpPort: integer("smtp_port"),
    smtpSender: text("smtp_sender"),
    smtpSecure: flag("smtp_secure"),
    smtpUser: text("smtp_user"),
    smtpPassword: text("smtp_password"),
    ssoLoginUrl: text("sso_login_url"),
    ssoCertificate: text("sso_certificate"),
    allowFederation: flag("allow_federation"),
    /** The IdP may start a sign-in on its own (an assertion with no request of ours). */
    ssoIdpInitiated: flag("sso_idp_initiated"),
    /** When the company admins were last told that the IdP certificate expires soon. */
    ssoCertificateWarnedAt: integer("sso_certificate_warned_at", { mode: "timestamp_ms" }),
    allowGroupSelection: flag("allow_group_selection"),
    /** The firm's Elite 3E REST endpoint and OAuth2 client (the secret sealed: lib/secret-box.server.ts). */
    elite3eEndpoint: text("elite3e_endpoint"),
    elite3eClientId: text("elite3e_client_id"),
    elite3eClientSecret: text("elite3e_client_secret"),
    /** The CV service (CV Partner / Flowcase) base URL, and its API key sealed with lib/secret-box (decision 0112). */
    cvServiceUrl: text("cv_service_url"),
    cvServiceKey: text("cv_service_key"),
    /**
     * Since when people on password sign-in must have a second factor (decision 0298), null when
     * not required; they may put it off for `secondFactorGraceDays` days from then.
     */
    secondFactorRequiredAt: integer("second_factor_required_at", { mode: "timestamp_ms" }),
    secondFactorGraceDays: integer("second_factor_grace_days").notNull().default(14),
    /**
     * Months of raw history kept (decision 0308): older weeks are rolled into workload_weekly
     * and their raw rows deleted. Null keeps raw history for ever (firms that existed before
     * migration 0037, until their company admin chooses); new firms start at 13.
     */
    historyRetentionMonths: integer("history_retention_months").default(13),
    /** JSON, always read through readCompanySettings (domain/company/settings.schema.ts). */
    settings: text("settings").notNull().default("{}"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("companies_azure_ad_tenant_idx").on(t.azureAdTenantId)],
);

export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
