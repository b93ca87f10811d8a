import { getFormProps, useForm } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { Field } from "~/components/field";
import { useLazyValidation } from "~/components/use-lazy-validation";
import { LoginThrough, useLoginRoute } from "~/features/identity/login-route";
import { AuthCard, ShowPasswordButton } from "~/features/identity/auth-card";
import { ForgotPassword } from "~/features/identity/forgot-password-dialog";
import { PasskeySignInButton } from "~/features/identity/passkey-sign-in";
import { MicrosoftButton, useCleanLoginAddress } from "~/features/identity/microsoft-sign-in";
import { TeamsSignIn } from "~/features/identity/teams-tab";
import { loadLoginPage, runLoginAction } from "./login-page.server";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "login.pageTitle") }];

export const loader = (args: LoaderFunctionArgs) => loadLoginPage(args);

export const action = (args: ActionFunctionArgs) => runLoginAction(args);

export default function LoginPage() {
  const { email, ssoError, microsoft, entraError, teamsHostOrigins, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const t = useT();
  const [showPassword, setShowPassword] = useState(false);
  // The schema loads at idle; until then the server's answer carries the same messages (decision 0292).
  const validate = useLazyValidation(() => import("~/features/identity/login-validation").then((module) => module.validateLogin));
  const [form, fields] = useForm({
    lastResult,
    constraint,
    defaultValue: { email },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const [typed, setTyped] = useState(email);
  const route = useLoginRoute(typed);
  const submitting = navigation.state !== "idle" && navigation.formAction === "/login";
  useCleanLoginAddress();
  useEffect(() => {
    // ?email= prefills the field (links in invite and reset mails); it then leaves the
    // address bar, the history and anything the address is shared or logged with.
    const url = new URL(window.location.href);
    if (!url.searchParams.has("email")) return;
    url.searchParams.delete("email");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, []);

  return (
    <AuthCard
      title={t("login.title")}
      footer={
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to="/privacy" className="font-medium text-brand-700 hover:underline">
            {t("login.privacy")}
          </Link>
        </p>
      }
    >
      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Field
          label={t("auth.email")}
          autoComplete="email"
          autoFocus={!email}
          {...inputProps(fields.email, { type: "email" })}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <Alert message={ssoError} />
        <Alert tone="success" role="status" message={lastResult && "message" in lastResult ? lastResult.message : undefined} />
        {route ? (
          <LoginThrough route={route} />
        ) : (
          <>
            <Field
              label={t("auth.password")}
              autoComplete="current-password"
              {...inputProps(fields.password, { type: showPassword ? "text" : "password" })}
              trailing={<ShowPasswordButton shown={showPassword} onToggle={() => setShowPassword((shown) => !shown)} controls={fields.password.id} />}
            />
            <Alert id={form.errorId} message={form.errors?.[0]} />
            <Button type="submit" className="w-full" disabled={submitting}>
              {submitting ? t("login.signingIn") : t("login.submit")}
            </Button>
          </>
        )}
        <Button type="submit" name="intent" value="sso" variant="secondary" className="w-full" formNoValidate>
          {t("login.sso")}
        </Button>
      </Form>
      <div className="mt-4">
        <PasskeySignInButton redirectTo={searchParams.get("redirectTo")} />
      </div>
      {microsoft ? <TeamsSignIn hostOrigins={teamsHostOrigins} /> : null}
      {microsoft ? <MicrosoftButton redirectTo={searchParams.get("redirectTo")} error={entraError} /> : <Alert message={entraError} />}
      <div className="mt-4 text-center">
        <ForgotPassword email={email} />
      </div>
    </AuthCard>
  );
}
