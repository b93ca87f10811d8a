import { isManager } from "~/auth/permissions";
import { clearSecondFactors } from "~/domain/identity/second-factor-admin.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  DELETE: endpoint({
    summary:
      "Clears a person's two-step sign-in (authenticator app, recovery codes, passkeys); the person is told by mail. Those who may change the person; 409 when there is nothing to clear (decision 0298).",
    can: isManager,
    run: ({ request, context, params, ctx }) => clearSecondFactors(ctx, params.id!, mailerFor(context, request)),
  }),
});
