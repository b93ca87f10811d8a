import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { startSession } from "~/auth/session.server";
import { setPasswordSchema, type SetPasswordInput } from "~/domain/account/password.schema";
import { setPasswordWithLink } from "~/domain/account/password.server";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

/** POST /account/set-password/{resetHash}: public; sets the password, ends other sessions, answers a token. */
export const loader = () => methodNotAllowed();

export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const input = (await parseJson(request, setPasswordSchema, "SetPasswordInputErrors")) as SetPasswordInput;
  const user = await setPasswordWithLink(context.db, params.resetHash!, input);
  const { token } = await startSession(context, user, request);
  return json({ message: "Password changed.", token, completed: user.completed, _id: user.id });
});
