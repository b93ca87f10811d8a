import { isManager } from "~/auth/permissions";
import { clientIp } from "~/domain/identity/login.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { deleteUser } from "~/domain/users/admin-users.server";
import { requireUserEntity } from "~/domain/users/profile.server";
import { userUpdateSchema } from "~/domain/users/user-update.schema";
import { requireMayUpdateUser, updateUser } from "~/domain/users/user-update.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "One person of the company.", run: ({ params, ctx }) => requireUserEntity(ctx, params.id!) }),
  PUT: endpoint({
    summary:
      "userUpdateParams. One's own profile (a new e-mail needs currentPassword, at most 3 an hour, and waits for the link mailed to it, named as pendingEmail; one's own rights are refused), or, for administrators, someone they administer (what only the person sets is refused). A field the caller may not change is a 400 field error unless sent unchanged.",
    body: userUpdateSchema,
    authorize: ({ params, ctx }) => requireMayUpdateUser(ctx, params.id!),
    entity: "UserInputErrors",
    run: ({ request, context, params, ctx, body }) =>
      updateUser(ctx, params.id!, body, mailerFor(context, request), { env: context.env, ip: clientIp(request) }),
  }),
  DELETE: endpoint({
    summary: "Deletes a person.",
    can: isManager,
    run: ({ params, context, ctx }) => deleteUser(ctx, params.id!, context.env.FILES),
  }),
});
