import { isManager } from "~/auth/permissions";
import { COMPANY_ENTITY, updateCompany } from "~/domain/company/catalog.server";
import { clientIp } from "~/domain/identity/login.server";
import { companyUpdateSchema } from "~/domain/company/catalog.schema";
import { getCompany } from "~/domain/company/company.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The caller's company.", run: ({ ctx }) => getCompany(ctx) }),
  PUT: endpoint({
    summary:
      "Changes the company {name, customHtml, historyRetentionMonths}: company admins and administrators; customHtml and historyRetentionMonths (13-120 months of raw history, null for ever: decision 0308) company admins only. A shorter historyRetentionMonths (or one where there was none) deletes older day-by-day history: it takes currentPassword (the caller's own) unless they signed in within the last 10 minutes, and every company admin is told.",
    can: isManager,
    body: companyUpdateSchema,
    entity: COMPANY_ENTITY,
    run: ({ request, context, ctx, body }) => updateCompany(ctx, body, { env: context.env, ip: clientIp(request) }),
  }),
});
