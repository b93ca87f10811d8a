import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { createAuthenticator } from "~/auth/authenticator.server";
import { getActor, startSession } from "~/auth/session.server";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { Field, inputProps } from "~/components/field";
import { landingPath } from "~/domain/account/login.server";
import { loginSchema, NO_SSO_FOR_EMAIL, ssoLoginSchema } from "~/domain/account/login.schema";
import { ValidationError } from "~/domain/errors";
import { ForgotPassword } from "~/features/accounts/forgot-password-dialog";
import { SSO_REFUSALS, ssoRouteForPerson, type SsoRefusal } from "~/domain/sso/sso.server";
import { LoginThrough, useLoginRoute } from "~/features/accounts/login-route";
import { submitForm } from "~/lib/page-form.server";
import { safeRedirect } from "~/lib/safe-redirect";

export const meta: MetaFunction = () => [{ title: "Sign in · Availability" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await getActor(request, context);
  if (actor) throw redirect(landingPath(actor.user));
  const url = new URL(request.url);
  const email = url.searchParams.get("email") ?? "";
  const sso = url.searchParams.get("sso") ?? "";
  // Only our own fixed texts: the reason is a key, never shown as sent.
  const ssoError = sso in SSO_REFUSALS ? SSO_REFUSALS[sso as SsoRefusal] : null;
  return json({ email, ssoError });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  if (form.get("intent") === "sso") {
    // 'Sign in with SSO': the typed e-mail's domain names the firm (or another installation).
    return submitForm(form, ssoLoginSchema, async ({ email }) => {
      const route = await ssoRouteForPerson(context.db, email);
      if (route.kind === "password") throw new ValidationError("LoginInputErrors", { email: NO_SSO_FOR_EMAIL });
      const redirectTo = safeRedirect(form.get("redirectTo"), "");
      return redirect(route.kind === "firm" && redirectTo ? `${route.url}&redirectTo=${encodeURIComponent(redirectTo)}` : route.url);
    });
  }
  return submitForm(
    form,
    loginSchema,
    async () => {
      const user = await createAuthenticator(context).authenticate("form", request);
      const { setCookie } = await startSession(context, user, request);
      return redirect(safeRedirect(form.get("redirectTo"), landingPath(user)), { headers: { "Set-Cookie": setCookie } });
    },
    { hideFields: ["password"] },
  );
}

export default function LoginPage() {
  const { email, ssoError } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
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
  useEffect(() => {
    // ?email= prefills the field (links in invite and reset mails); it then leaves the
    // address bar, the history and anything the address is shared or logged with.
    const url = new URL(window.location.href);
    if (!url.searchParams.has("email")) return;
    url.searchParams.delete("email");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, []);

  return (
    <main className="flex min-h-full flex-col justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-12">
      <div className="mx-auto w-full max-w-sm">
        <div className="flex items-center justify-center gap-2">
          <img src="/favicon.svg" alt="" className="h-9 w-9" />
          <span className="text-xl font-semibold text-brand-900">Availability</span>
        </div>
        <h1 className="mt-8 text-center text-2xl font-semibold tracking-tight text-slate-900">Sign in to your account</h1>
      </div>

      <div className="mx-auto mt-8 w-full max-w-sm rounded-xl bg-white px-6 py-8 shadow-sm ring-1 ring-slate-200">
        <Form method="post" className="space-y-5" {...getFormProps(form)}>
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <Field
            label="E-mail"
            autoComplete="email"
            autoFocus={!email}
            {...inputProps(fields.email, { type: "email" })}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Alert message={ssoError} />
          {route ? (
            <LoginThrough route={route} />
          ) : (
            <>
              <Field
                label="Password"
                autoComplete="current-password"
                {...inputProps(fields.password, { type: showPassword ? "text" : "password" })}
                trailing={
                  <button
                    type="button"
                    onClick={() => setShowPassword((shown) => !shown)}
                    aria-pressed={showPassword}
                    aria-controls={fields.password.id}
                    className="rounded px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
                  >
                    {showPassword ? "Hide" : "Show"}
                  </button>
                }
              />
              <Alert id={form.errorId} message={form.errors?.[0]} />
              <Button type="submit" className="w-full" disabled={submitting}>
                {submitting ? "Signing in..." : "Login"}
              </Button>
            </>
          )}
          <Button type="submit" name="intent" value="sso" variant="secondary" className="w-full" formNoValidate>
            Sign in with SSO
          </Button>
        </Form>
        <div className="mt-4 text-center">
          <ForgotPassword email={email} />
        </div>
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/privacy" className="font-medium text-brand-700 hover:underline">
          Privacy policy
        </Link>
      </p>
    </main>
  );
}
