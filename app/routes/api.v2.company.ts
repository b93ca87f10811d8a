import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canManageCompany } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { updateCompany } from "~/domain/company/catalog.server";
import { companyUpdateSchema } from "~/domain/company/catalog.schema";
import { getCompany } from "~/domain/company/company.server";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  return json(await getCompany(domainCtx(context, actor)));
});

/** PUT /company {name, customHtml}: company admins and administrators. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  if (!canManageCompany(actor.user)) throw new ForbiddenError();
  const input = await parseJson(request, companyUpdateSchema);
  return json(await updateCompany(domainCtx(context, actor), input));
});
