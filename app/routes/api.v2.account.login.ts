import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { startSession } from "~/auth/session.server";
import { clientIp, verifyLogin } from "~/domain/account/login.server";
import { loginSchema } from "~/domain/account/login.schema";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

export const loader = () => methodNotAllowed();

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const input = await parseJson(request, loginSchema, "LoginInputErrors");
  const user = await verifyLogin(context.db, input, clientIp(request));
  const { token } = await startSession(context, user, request);
  return json({ token, completed: user.completed, _id: user.id });
});
