import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { canAdministerUsers } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { adminRightsSchema } from "~/domain/users/admin-users.schema";
import { setAdminRights } from "~/domain/users/admin-users.server";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

/** PUT /users/{id}/admin {admin, administratorPriviliges}: 'Make admin' and 'Remove admin priviliges'. */
export const loader = () => methodNotAllowed();

export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  if (!canAdministerUsers(actor.user)) throw new ForbiddenError();
  const input = await parseJson(request, adminRightsSchema, "UserInputErrors");
  return json(await setAdminRights(domainCtx(context, actor), params.id!, input));
});
