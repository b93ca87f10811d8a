import { getFormProps, useForm } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { createAuthenticator } from "~/domain/identity/authenticator.server";
import { getActor } from "~/auth/session.server";
import { signInAfterPassword } from "~/domain/identity/second-factor-sign-in.server";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { Field } from "~/components/field";
import { landingPath } from "~/domain/identity/login.server";
import { loginSchema, ssoLoginSchema } from "~/domain/identity/login.schema";
import { CHALLENGE_EXPIRED } from "~/domain/identity/second-factor.schema";
import { loginRouteFor, mailSsoSignInLink, SSO_LINK_SENT, SSO_REFUSALS, type SsoRefusal } from "~/domain/identity/sso/sso.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { LoginThrough, useLoginRoute } from "~/features/identity/login-route";
import { AuthCard, ShowPasswordButton } from "~/features/identity/auth-card";
import { ForgotPassword } from "~/features/identity/forgot-password-dialog";
import { PasskeySignInButton } from "~/features/identity/passkey-sign-in";
import { loginQueryRedirect } from "~/routes/login/login-entra.server";
import { MicrosoftButton, useCleanLoginAddress } from "~/features/identity/microsoft-sign-in";
import { entraConfig } from "~/integrations/entra/config";
import { TeamsSignIn } from "~/features/identity/teams-tab";
import { isLocalEnv } from "~/env";
import { submitForm } from "~/web/page-form.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { publicCtx } from "~/domain/context";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "login.pageTitle") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // ?code= (back from Microsoft) signs in and redirects, or says why not; ?token= (the iOS
  // wrapper's old hand-off) and ?handoff=expired only say why not (decision 0270).
  const failure = await loginQueryRedirect(context, request);
  const actor = failure ? null : await getActor(request, context);
  if (actor) throw redirect(landingPath(actor.user, context.env));
  const url = new URL(request.url);
  const email = url.searchParams.get("email") ?? "";
  const sso = url.searchParams.get("sso") ?? "";
  // Only our own fixed texts: the reason is a key, never shown as sent.
  // Back from the code page whose sign-in expired (decision 0298), or an SSO refusal.
  const ssoError = url.searchParams.has("expired") ? CHALLENGE_EXPIRED : sso in SSO_REFUSALS ? SSO_REFUSALS[sso as SsoRefusal] : null;
  const config = entraConfig(context.env);
  // In development the local provider plays the Teams host (tests/fakes/entra-server.ts, /_fake/teams-host).
  const teamsHostOrigins = config && isLocalEnv(context.env) ? [new URL(config.authority).origin] : [];
  return json(
    { email, ssoError, microsoft: config !== null, entraError: failure?.message ?? null, teamsHostOrigins },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  if (form.get("intent") === "sso") {
    // 'Sign in with SSO': the typed e-mail's domain names the firm (or another installation).
    return submitForm(form, ssoLoginSchema, async ({ email }) => {
      const route = await loginRouteFor(publicCtx(context), email);
      if (route.kind === "password") {
        // Not a firm's domain: the person's own firm's link goes to the address, and the
        // answer is the same whoever it belongs to (issue 26, item 4).
        await mailSsoSignInLink(publicCtx(context), mailerFor(context, request), email);
        return { message: SSO_LINK_SENT };
      }
      const redirectTo = safeRedirect(form.get("redirectTo"), "");
      // A document redirect: the browser itself goes to the identity provider's start (a
      // resource route answering 302 to another origin). A client-side navigation fetched it
      // as data first, an extra request the console showed as a 405 and a 401.
      return redirectDocument(route.kind === "firm" && redirectTo ? `${route.url}&redirectTo=${encodeURIComponent(redirectTo)}` : route.url);
    });
  }
  return submitForm(
    form,
    loginSchema,
    async () => {
      const user = await createAuthenticator(context).authenticate("form", request);
      // A person with a second factor goes to the code page first (decision 0298).
      return signInAfterPassword(context, request, user, { redirectTo: form.get("redirectTo") });
    },
    { hideFields: ["password"] },
  );
}

export default function LoginPage() {
  const { email, ssoError, microsoft, entraError, teamsHostOrigins } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const t = useT();
  const [showPassword, setShowPassword] = useState(false);
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(loginSchema),
    defaultValue: { email },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // 'Sign in with SSO' needs only the e-mail; 'Login' both fields.
    onValidate: ({ formData, submitter }) =>
      parseWithZod(formData, { schema: (submitter?.getAttribute("value") === "sso" ? ssoLoginSchema : loginSchema) as typeof loginSchema }),
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
