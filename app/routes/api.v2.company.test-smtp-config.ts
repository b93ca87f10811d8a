import { canAdministerCompany } from "~/auth/permissions";
import { testSmtpConfig } from "~/domain/company/smtp.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Sends a test e-mail to the caller through the saved SMTP server. Company admins only.",
    can: canAdministerCompany,
    run: ({ context, ctx }) => testSmtpConfig(ctx, context.env),
  }),
});
