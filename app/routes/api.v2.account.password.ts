import { signInContext } from "~/domain/identity/authenticator.server";
import { clientIp } from "~/domain/identity/login.server";
import { changePasswordSchema, type ChangePasswordInput } from "~/domain/identity/password.schema";
import { changePassword } from "~/domain/identity/password.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Changes the caller's own password {oldPassword, newPassword, newPasswordConfirmation}.",
    body: changePasswordSchema,
    entity: "ChangePasswordInputErrors",
    run: ({ request, context, actor, body }) => changePassword(signInContext(context), actor, body as ChangePasswordInput, clientIp(request)),
  }),
});
