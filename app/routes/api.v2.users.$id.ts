import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canAdministerUsers } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { adminUserUpdateSchema } from "~/domain/users/admin-users.schema";
import { deleteUser, updateUserAsAdmin } from "~/domain/users/admin-users.server";
import { getUser } from "~/domain/users/profile.server";
import { ownUserUpdateSchema } from "~/domain/users/user-update.schema";
import { updateOwnUser } from "~/domain/users/user-update.server";
import { apiAction, apiRoute, parseJson } from "~/lib/api.server";

export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  return json(await getUser(domainCtx(context, actor), params.id!));
});

export const action = apiAction({
  /** One's own profile (userUpdateParams subsets), or, for administrators, someone they administer. */
  PUT: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    if (params.id === actor.user.id) {
      const input = await parseJson(request, ownUserUpdateSchema, "UserInputErrors");
      return json(await updateOwnUser(domainCtx(context, actor, input.sessionId), params.id!, input));
    }
    const ctx = domainCtx(context, actor);
    if (!canAdministerUsers(actor.user)) {
      await getUser(ctx, params.id!); // another company's id is not found, before it is refused
      throw new ForbiddenError("You can only change your own profile.");
    }
    const input = await parseJson(request, adminUserUpdateSchema, "UserInputErrors");
    return json(await updateUserAsAdmin(ctx, params.id!, input));
  },
  DELETE: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    if (!canAdministerUsers(actor.user)) throw new ForbiddenError();
    return json(await deleteUser(domainCtx(context, actor), params.id!));
  },
});
