import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canAdministerUsers } from "~/auth/permissions";
import { requireApiUser } from "~/auth/session.server";
import { inviteUser } from "~/domain/account/invite.server";
import { userCreationSchema } from "~/domain/account/invite.schema";
import { mailerFor } from "~/domain/account/mailer.server";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { listUsers } from "~/domain/users/admin-users.server";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

/** GET the people the caller administers; POST invites one (userCreationParams). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  return json(await listUsers(domainCtx(context, actor)));
});

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  if (!canAdministerUsers(actor.user)) throw new ForbiddenError();
  const input = await parseJson(request, userCreationSchema, "UserInputErrors");
  return json(await inviteUser(domainCtx(context, actor), mailerFor(context, request), input), { status: 201 });
});
