import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { canManageCompany } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { deleteProjectStage, updateProjectStage } from "~/domain/company/catalog.server";
import { projectStageUpsertSchema } from "~/domain/company/catalog.schema";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

/** PUT and DELETE /project-stage/{id}. */
export const loader = methodNotAllowed;

export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  // Refuse before reading the body: a forbidden caller hears 403, whatever it sent.
  if (!canManageCompany(actor.user)) throw new ForbiddenError();
  const ctx = domainCtx(context, actor);
  if (request.method === "DELETE") return json(await deleteProjectStage(ctx, params.id!));
  return json(await updateProjectStage(ctx, params.id!, await parseJson(request, projectStageUpsertSchema)));
});
