import { isManager } from "~/auth/permissions";
import { smtpConfigSchema, updateSmtpConfig } from "~/domain/company/smtp.server";
import { defineApiRoute, endpoint } from "~/lib/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Sets the company's SMTP server (companySmtpConfigParams); host, port and sender all empty resets it.",
    can: isManager,
    body: smtpConfigSchema,
    entity: "SmtpConfigInputErrors",
    run: ({ context, ctx, body }) => updateSmtpConfig(ctx, context.env, body),
  }),
});
