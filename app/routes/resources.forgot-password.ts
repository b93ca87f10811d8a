import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientIp } from "~/domain/identity/login.server";
import { resetRequestSchema } from "~/domain/identity/password.schema";
import { requestPasswordReset } from "~/domain/identity/password.server";
import { submitForm } from "~/web/page-form.server";

/** The login page's 'Forgot password' dialog posts here (conform's reply; success means the link is on its way). */
export async function action({ request, context }: ActionFunctionArgs) {
  return submitForm(await request.formData(), resetRequestSchema, (input) => requestPasswordReset(context, request, input, clientIp(request)), {
    resetForm: true,
  });
}
