import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { startSession } from "~/auth/session.server";
import { registerInvitedUser, SIGNUP_ENTITY } from "~/domain/account/signup.server";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";
import { z } from "zod";

/** POST /account/{inviteSecret}/register: public; completes the invite and answers a token like login. */
export const loader = () => methodNotAllowed();

export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJson(request, z.record(z.string(), z.unknown(), { error: "Needs to be an object." }), SIGNUP_ENTITY);
  const user = await registerInvitedUser(context.db, params.id!, body);
  const { token } = await startSession(context, user, request);
  return json({ token, completed: user.completed, _id: user.id });
});
