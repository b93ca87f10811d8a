import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { signInContext } from "~/domain/identity/authenticator.server";
import { requireUser } from "~/auth/session.server";
import { clientIp } from "~/domain/identity/login.server";
import { changePasswordSchema, type ChangePasswordInput } from "~/domain/identity/password.schema";
import { changePassword } from "~/domain/identity/password.server";
import { ValidationError } from "~/domain/errors";
import { submitForm } from "~/web/page-form.server";

/** The settings page's Change password dialog posts here; the reply carries 'Password changed!'. */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  return submitForm(
    await request.formData(),
    changePasswordSchema,
    (input) => changePassword(signInContext(context), actor, input as ChangePasswordInput, clientIp(request)),
    {
      hideFields: ["oldPassword", "newPassword", "newPasswordConfirmation"],
      resetForm: true,
      formError: (error) => (error instanceof ValidationError ? null : error.message),
    },
  );
}
