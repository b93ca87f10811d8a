import { parseWithZod } from "@conform-to/zod/v4";
import { loginSchema, ssoLoginSchema } from "~/domain/identity/login.schema";

/**
 * The sign-in form's browser validation, loaded at idle (useLazyValidation, decision 0292):
 * 'Sign in with SSO' needs only the e-mail; 'Login' both fields.
 */
export function validateLogin({ formData, submitter }: { formData: FormData; submitter?: Element | null }) {
  return parseWithZod(formData, { schema: (submitter?.getAttribute("value") === "sso" ? ssoLoginSchema : loginSchema) as typeof loginSchema });
}
