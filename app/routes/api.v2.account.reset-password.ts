import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientIp } from "~/domain/account/login.server";
import { mailerFor } from "~/domain/account/mailer.server";
import { resetRequestSchema } from "~/domain/account/password.schema";
import { requestPasswordReset } from "~/domain/account/password.server";
import { apiRoute, methodNotAllowed, parseJson } from "~/lib/api.server";

/** POST /account/reset-password {resetEmail}: public; the same answer whether or not the e-mail exists. */
export const loader = () => methodNotAllowed();

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const input = await parseJson(request, resetRequestSchema, "ResetPasswordInputErrors");
  return json(await requestPasswordReset(context.db, mailerFor(context, request), input, clientIp(request)));
});
