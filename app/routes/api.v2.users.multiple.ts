import { isManager } from "~/auth/permissions";
import { inviteUsers } from "~/domain/identity/invite.server";
import { multipleInviteSchema } from "~/domain/identity/invite.schema";
import { mailerFor } from "~/domain/identity/mailer.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Invites several people; e-mails already in use answer 409 with their list.",
    can: isManager,
    body: multipleInviteSchema,
    entity: "UserInputErrors",
    status: 201,
    run: ({ request, context, ctx, body }) => inviteUsers(ctx, mailerFor(context, request), body),
  }),
});
