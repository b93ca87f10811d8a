import { clientIp } from "~/domain/identity/login.server";
import { resetRequestSchema } from "~/domain/identity/password.schema";
import { requestPasswordReset } from "~/domain/identity/password.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Mails a password reset link {resetEmail}; the same answer whether or not the e-mail exists.",
    auth: "public",
    body: resetRequestSchema,
    entity: "ResetPasswordInputErrors",
    run: ({ request, context, body }) => requestPasswordReset(context, request, body, clientIp(request)),
  }),
});
