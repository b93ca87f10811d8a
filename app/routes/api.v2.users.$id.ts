import { z } from "zod";
import { isManager } from "~/auth/permissions";
import { mailerFor } from "~/domain/account/mailer.server";
import { ForbiddenError } from "~/domain/errors";
import { adminUserUpdateSchema } from "~/domain/users/admin-users.schema";
import { deleteUser, updateUserAsAdmin } from "~/domain/users/admin-users.server";
import { requireUserEntity } from "~/domain/users/profile.server";
import { ownUserUpdateSchema } from "~/domain/users/user-update.schema";
import { updateOwnUser } from "~/domain/users/user-update.server";
import { defineApiRoute, endpoint } from "~/lib/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "One person of the company.", run: ({ params, ctx }) => requireUserEntity(ctx, params.id!) }),
  PUT: endpoint({
    summary:
      "One's own profile (userUpdateParams subsets; a new e-mail waits for the link mailed to it, named as pendingEmail), or, for administrators, someone they administer.",
    body: z.union([ownUserUpdateSchema, adminUserUpdateSchema]),
    authorize: async ({ actor, params, ctx }) => {
      if (params.id === actor.user.id || isManager(actor.user)) return;
      await requireUserEntity(ctx, params.id!); // another company's id is not found, before it is refused
      throw new ForbiddenError("You can only change your own profile.");
    },
    bodyFor: ({ actor, params }) => (params.id === actor.user.id ? ownUserUpdateSchema : adminUserUpdateSchema),
    entity: "UserInputErrors",
    run: async ({ request, context, params, ctx, actor, body }) => {
      if (params.id === actor.user.id) {
        return updateOwnUser(ctx, params.id!, body as z.infer<typeof ownUserUpdateSchema>, mailerFor(context, request));
      }
      return updateUserAsAdmin(ctx, params.id!, body as z.infer<typeof adminUserUpdateSchema>);
    },
  }),
  DELETE: endpoint({
    summary: "Deletes a person.",
    can: isManager,
    run: ({ params, context, ctx }) => deleteUser(ctx, params.id!, context.env.FILES),
  }),
});
