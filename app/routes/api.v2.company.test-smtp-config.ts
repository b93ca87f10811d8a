import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { canManageCompany } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { testSmtpConfig } from "~/domain/company/smtp.server";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { apiRoute, methodNotAllowed } from "~/lib/api.server";

/** PUT /company/test-smtp-config: a test e-mail to the caller through the saved server. */
export const loader = () => methodNotAllowed();

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  if (!canManageCompany(actor.user)) throw new ForbiddenError();
  return json(await testSmtpConfig(domainCtx(context, actor)));
});
