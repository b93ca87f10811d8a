import { eq } from "drizzle-orm";
import { companies } from "~/db/schema";
import type { DomainContext } from "../context";
import { NotFoundError } from "../errors";
import { requireAdmin } from "../guards.server";
import { readCompanySettings } from "./settings.schema";

/** The company as administrators see it. SMTP and SSO secrets never leave the server. */
export async function getCompany(ctx: DomainContext) {
  requireAdmin(ctx);
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, ctx.companyId)).limit(1);
  if (!company) throw new NotFoundError("Company not found");
  return {
    _id: company.id,
    name: company.name,
    customHtml: company.customHtml,
    /** Months of raw history kept, null for ever (decision 0308). */
    historyRetentionMonths: company.historyRetentionMonths,
    azureADTenantId: company.azureAdTenantId,
    smtpHost: company.smtpHost,
    smtpPort: company.smtpPort,
    smtpSender: company.smtpSender,
    smtpSecure: company.smtpSecure,
    smtpUser: company.smtpUser,
    ssoLoginUrl: company.ssoLoginUrl,
    allowFederation: company.allowFederation,
    allowGroupSelection: company.allowGroupSelection,
    settings: readCompanySettings(company.settings),
  };
}
