import { isManager } from "~/auth/permissions";
import { resendInvite } from "~/domain/identity/invite.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Mails the person a fresh sign-up link; earlier links stop working.",
    can: isManager,
    run: ({ request, params, context, ctx }) => resendInvite(ctx, mailerFor(context, request), params.id!),
  }),
});
