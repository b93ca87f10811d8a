import { isManager } from "~/auth/permissions";
import { updateCompany } from "~/domain/company/catalog.server";
import { companyUpdateSchema } from "~/domain/company/catalog.schema";
import { getCompany } from "~/domain/company/company.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The caller's company.", run: ({ ctx }) => getCompany(ctx) }),
  PUT: endpoint({
    summary:
      "Changes the company {name, customHtml, historyRetentionMonths}: company admins and administrators; customHtml and historyRetentionMonths (13-120 months of raw history, null for ever: decision 0308) company admins only.",
    can: isManager,
    body: companyUpdateSchema,
    run: ({ ctx, body }) => updateCompany(ctx, body),
  }),
});
