import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canManageCompany } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { createProjectStage, listProjectStages } from "~/domain/company/catalog.server";
import { projectStageUpsertSchema } from "~/domain/company/catalog.schema";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

/** GET the company's project stages; POST creates one (colour defaults to 75B7D8). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  return json(await listProjectStages(domainCtx(context, actor)));
});

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  // Refuse before reading the body: a forbidden caller hears 403, whatever it sent.
  if (!canManageCompany(actor.user)) throw new ForbiddenError();
  const input = await parseJson(request, projectStageUpsertSchema);
  return json(await createProjectStage(domainCtx(context, actor), input), { status: 201 });
});
