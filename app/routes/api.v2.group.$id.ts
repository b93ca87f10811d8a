import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canManageCompany } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { deleteGroup, listUserGroups, updateGroup } from "~/domain/company/catalog.server";
import { groupUpsertSchema } from "~/domain/company/catalog.schema";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

/** GET /group/{userId}: the person's groups. PUT and DELETE /group/{id}: change or remove a group. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  return json(await listUserGroups(domainCtx(context, actor), params.id!));
});

export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  // Refuse before reading the body: a forbidden caller hears 403, whatever it sent.
  if (!canManageCompany(actor.user)) throw new ForbiddenError();
  const ctx = domainCtx(context, actor);
  if (request.method === "DELETE") return json(await deleteGroup(ctx, params.id!));
  return json(await updateGroup(ctx, params.id!, await parseJson(request, groupUpsertSchema)));
});
