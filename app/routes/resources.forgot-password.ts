import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientIp } from "~/domain/account/login.server";
import { mailerFor } from "~/domain/account/mailer.server";
import { resetRequestSchema } from "~/domain/account/password.schema";
import { requestPasswordReset } from "~/domain/account/password.server";
import { submitForm } from "~/lib/page-form.server";

/** The login page's 'Forgot password' dialog posts here (conform's reply; success means the link is on its way). */
export async function action({ request, context }: ActionFunctionArgs) {
  return submitForm(
    await request.formData(),
    resetRequestSchema,
    (input) => requestPasswordReset(context.db, mailerFor(context, request), input, clientIp(request)),
    { resetForm: true },
  );
}
