import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { clientIp } from "~/domain/account/login.server";
import { changePasswordSchema, type ChangePasswordInput } from "~/domain/account/password.schema";
import { changePassword } from "~/domain/account/password.server";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

/** POST /account/password {oldPassword, newPassword, newPasswordConfirmation}: the caller's own password. */
export const loader = () => methodNotAllowed();

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const actor = await requireApiUser(request, context);
  const input = (await parseJson(request, changePasswordSchema, "ChangePasswordInputErrors")) as ChangePasswordInput;
  return json(await changePassword(context.db, actor, input, clientIp(request)));
});
