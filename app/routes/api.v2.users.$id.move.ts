import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { canAdministerUsers } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { moveUserSchema } from "~/domain/users/admin-users.schema";
import { moveUser } from "~/domain/users/admin-users.server";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

/** PUT /users/{id}/move {office, group, secondaryEnabled, secondaryOffice, secondaryGroup}. */
export const loader = () => methodNotAllowed();

export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  if (!canAdministerUsers(actor.user)) throw new ForbiddenError();
  const input = await parseJson(request, moveUserSchema, "UserInputErrors");
  return json(await moveUser(domainCtx(context, actor), params.id!, input));
});
