import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { signInContext } from "~/auth/authenticator.server";
import { requireUser } from "~/auth/session.server";
import { clientIp } from "~/domain/account/login.server";
import { changePasswordSchema, type ChangePasswordInput } from "~/domain/account/password.schema";
import { changePassword } from "~/domain/account/password.server";
import { DomainError, ValidationError } from "~/domain/errors";

/** The settings page's Change password dialog posts here (form data, conform's reply). */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
  const hideFields = ["oldPassword", "newPassword", "newPasswordConfirmation"];
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields }), message: null }, { status: 400 });
  try {
    const { message } = await changePassword(signInContext(context), actor, submission.value as ChangePasswordInput, clientIp(request));
    return json({ result: submission.reply({ resetForm: true }), message });
  } catch (error) {
    if (error instanceof ValidationError) {
      const fieldErrors = Object.fromEntries(Object.entries(error.errors).map(([field, text]) => [field, [text]]));
      return json({ result: submission.reply({ fieldErrors, hideFields }), message: null }, { status: error.status });
    }
    if (error instanceof DomainError)
      return json({ result: submission.reply({ formErrors: [error.message], hideFields }), message: null }, { status: error.status });
    throw error;
  }
}
