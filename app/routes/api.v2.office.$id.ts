import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canManageCompany } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { deleteOffice, listUserOffices, renameOffice } from "~/domain/company/catalog.server";
import { officeRenameSchema } from "~/domain/company/catalog.schema";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

/** GET /office/{userId}: the person's offices. PUT (rename) and DELETE /office/{id}. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  return json(await listUserOffices(domainCtx(context, actor), params.id!));
});

export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  // Refuse before reading the body: a forbidden caller hears 403, whatever it sent.
  if (!canManageCompany(actor.user)) throw new ForbiddenError();
  const ctx = domainCtx(context, actor);
  if (request.method === "DELETE") return json(await deleteOffice(ctx, params.id!));
  return json(await renameOffice(ctx, params.id!, await parseJson(request, officeRenameSchema)));
});
