import { canAdministerCompany } from "~/auth/permissions";
import { clientIp } from "~/domain/identity/login.server";
import { smtpConfigSchema } from "~/domain/company/smtp.schema";
import { updateSmtpConfig } from "~/domain/company/smtp.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary:
      "Sets the company's SMTP server (companySmtpConfigParams plus currentPassword, the caller's own); host, port and sender all empty resets it. Company admins only.",
    can: canAdministerCompany,
    body: smtpConfigSchema,
    entity: "SmtpConfigInputErrors",
    run: ({ request, context, ctx, body }) => updateSmtpConfig(ctx, context.env, body, clientIp(request)),
  }),
});
