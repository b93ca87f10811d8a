import { signInContext } from "~/auth/authenticator.server";
import { clientIp } from "~/domain/account/login.server";
import { changePasswordSchema, type ChangePasswordInput } from "~/domain/account/password.schema";
import { changePassword } from "~/domain/account/password.server";
import { defineApiRoute, endpoint } from "~/lib/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Changes the caller's own password {oldPassword, newPassword, newPasswordConfirmation}.",
    body: changePasswordSchema,
    entity: "ChangePasswordInputErrors",
    run: ({ request, context, actor, body }) => changePassword(signInContext(context), actor, body as ChangePasswordInput, clientIp(request)),
  }),
});
