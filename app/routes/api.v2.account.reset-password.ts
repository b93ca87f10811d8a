import { clientIp } from "~/domain/account/login.server";
import { mailerFor } from "~/domain/account/mailer.server";
import { resetRequestSchema } from "~/domain/account/password.schema";
import { requestPasswordReset } from "~/domain/account/password.server";
import { defineApiRoute, endpoint } from "~/lib/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Mails a password reset link {resetEmail}; the same answer whether or not the e-mail exists.",
    auth: "public",
    body: resetRequestSchema,
    entity: "ResetPasswordInputErrors",
    run: ({ request, context, body }) => requestPasswordReset(context.db, mailerFor(context, request), body, clientIp(request)),
  }),
});
