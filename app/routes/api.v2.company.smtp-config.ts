import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { canManageCompany } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { smtpConfigSchema, updateSmtpConfig } from "~/domain/company/smtp.server";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

/** PUT /company/smtp-config (companySmtpConfigParams); all of host, port and sender empty resets. */
export const loader = () => methodNotAllowed();

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  if (!canManageCompany(actor.user)) throw new ForbiddenError();
  const input = await parseJson(request, smtpConfigSchema, "SmtpConfigInputErrors");
  return json(await updateSmtpConfig(domainCtx(context, actor), context.env, input));
});
