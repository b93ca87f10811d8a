import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { canAdministerUsers } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { resendInvite } from "~/domain/account/invite.server";
import { mailerFor } from "~/domain/account/mailer.server";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { apiRoute, methodNotAllowed } from "~/lib/api.server";

/** POST /account/{userId}/resend-invite: mails a fresh sign-up link; earlier links stop working. */
export const loader = () => methodNotAllowed();

export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  if (!canAdministerUsers(actor.user)) throw new ForbiddenError();
  return json(await resendInvite(domainCtx(context, actor), mailerFor(context, request), params.id!));
});
