import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, updatedAt } from "../columns";

export const companies = sqliteTable("companies", {
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
  /** JSON, always read through readCompanySettings (domain/company/settings.schema.ts). */
  settings: text("settings").notNull().default("{}"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
