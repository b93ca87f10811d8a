import { isManager } from "~/auth/permissions";
import { resendInvite } from "~/domain/account/invite.server";
import { mailerFor } from "~/domain/account/mailer.server";
import { defineApiRoute, endpoint } from "~/lib/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Mails the person a fresh sign-up link; earlier links stop working.",
    can: isManager,
    run: ({ request, params, context, ctx }) => resendInvite(ctx, mailerFor(context, request), params.id!),
  }),
});
