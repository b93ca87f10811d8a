import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientIp } from "~/domain/account/login.server";
import { mailerFor } from "~/domain/account/mailer.server";
import { resetRequestSchema } from "~/domain/account/password.schema";
import { requestPasswordReset } from "~/domain/account/password.server";
import { DomainError } from "~/domain/errors";

/** The login page's 'Forgot password' dialog posts here (form data, conform's reply). */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetRequestSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), sent: false }, { status: 400 });
  try {
    await requestPasswordReset(context.db, mailerFor(context, request), submission.value, clientIp(request));
    return json({ result: submission.reply({ resetForm: true }), sent: true });
  } catch (error) {
    if (error instanceof DomainError)
      return json({ result: submission.reply({ formErrors: [error.message] }), sent: false }, { status: error.status });
    throw error;
  }
}
