import { getFormProps, useForm } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/components/form-constraint";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { signInContext } from "~/domain/identity/authenticator.server";
import { signInAfterPassword } from "~/domain/identity/second-factor-sign-in.server";
import { Button } from "~/components/button";
import { Field } from "~/components/field";
import { withFlash } from "~/components/flash-message";
import { landingPath } from "~/domain/identity/login.server";
import { RESET_LINK_INVALID, setPasswordSchema, type SetPasswordInput } from "~/domain/identity/password.schema";
import { isResetLinkValid, setPasswordWithLink } from "~/domain/identity/password.server";
import { submitForm } from "~/web/page-form.server";
import { Alert } from "~/components/alert";
import { AuthCard, ShowPasswordButton } from "~/features/identity/auth-card";
import { PASSWORD_MIN } from "~/domain/identity/invite.schema";
import { ValidationError } from "~/domain/errors";
import { publicCtx } from "~/domain/context";
import { contextOfCarried } from "~/domain/installation/pre-sign-in.server";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "reset.pageTitle") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  return json(
    { valid: await isResetLinkValid(publicCtx(await contextOfCarried(context, "reset", params.resetHash!)), params.resetHash!) },
    { headers: { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return submitForm(
    await request.formData(),
    setPasswordSchema,
    async (input) => {
      const firm = await contextOfCarried(context, "reset", params.resetHash!);
      const user = await setPasswordWithLink(signInContext(firm), params.resetHash!, input as SetPasswordInput);
      // A reset never skips the second factor: its owner still types a code (decision 0298).
      return signInAfterPassword(firm, request, user, { landing: withFlash(landingPath(user, context.env), "passwordChanged") });
    },
    { hideFields: ["newPassword", "newPasswordConfirmation"], formError: (error) => (error instanceof ValidationError ? null : error.message) },
  );
}

export default function ResetPasswordPage() {
  const { valid } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const [showPassword, setShowPassword] = useState(false);
  const [form, fields] = useForm({
    lastResult,
    constraint: formConstraint(setPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema }),
  });
  if (!valid) {
    return (
      <AuthCard title={t("reset.title")}>
        <p role="alert" className="text-sm text-slate-700">
          {RESET_LINK_INVALID} {t("reset.askNewLink")}
        </p>
        <Link to="/login" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
          {t("reset.goToSignIn")}
        </Link>
      </AuthCard>
    );
  }
  const submitting = navigation.state !== "idle";
  return (
    <AuthCard title={t("reset.title")} subtitle={t("reset.subtitle", { min: PASSWORD_MIN })}>
      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        <Field
          label={t("auth.password")}
          autoComplete="new-password"
          autoFocus
          {...inputProps(fields.newPassword, { type: showPassword ? "text" : "password" })}
          trailing={
            <ShowPasswordButton
              shown={showPassword}
              onToggle={() => setShowPassword((shown) => !shown)}
              controls={`${fields.newPassword.id} ${fields.newPasswordConfirmation.id}`}
            />
          }
        />
        <Field
          label={t("auth.confirmPassword")}
          autoComplete="new-password"
          {...inputProps(fields.newPasswordConfirmation, { type: showPassword ? "text" : "password" })}
        />
        <Alert id={form.errorId} message={form.errors?.[0]} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t("reset.resetting") : t("reset.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}
