import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { canAdministerUsers } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { inviteUsers } from "~/domain/account/invite.server";
import { multipleInviteSchema } from "~/domain/account/invite.schema";
import { mailerFor } from "~/domain/account/mailer.server";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

/** POST /users/multiple: invites several people; existing e-mails answer 409 with their list. */
export const loader = () => methodNotAllowed();

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  if (!canAdministerUsers(actor.user)) throw new ForbiddenError();
  const input = await parseJson(request, multipleInviteSchema, "UserInputErrors");
  return json(await inviteUsers(domainCtx(context, actor), mailerFor(context, request), input), { status: 201 });
});
