import { isManager } from "~/auth/permissions";
import { inviteUser } from "~/domain/identity/invite.server";
import { userCreationSchema } from "~/domain/identity/invite.schema";
import { mailerFor } from "~/domain/identity/mailer.server";
import { listUsers } from "~/domain/users/admin-users.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The people the caller administers.", run: ({ ctx }) => listUsers(ctx) }),
  POST: endpoint({
    summary: "Invites one person (userCreationParams).",
    can: isManager,
    body: userCreationSchema,
    entity: "UserInputErrors",
    status: 201,
    run: ({ request, context, ctx, body }) => inviteUser(ctx, mailerFor(context, request), body),
  }),
});
