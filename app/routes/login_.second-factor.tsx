import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/components/form-constraint";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { Field } from "~/components/field";
import { inputProps } from "~/components/conform-props";
import { CHALLENGE_EXPIRED, secondFactorCodeSchema } from "~/domain/identity/second-factor.schema";
import { finishWithCode, pendingSignIn } from "~/domain/identity/second-factor-sign-in.server";
import { AuthCard } from "~/features/identity/auth-card";
import { PasskeySignInButton } from "~/features/identity/passkey-sign-in";
import { submitForm } from "~/web/page-form.server";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "login.secondFactor.pageTitle") }];

/**
 * The second step of a password sign-in (decision 0298): the browser holds the signed
 * challenge cookie the right password gave it; a code from the app, a recovery code or the
 * person's passkey opens the session. Without a live challenge it is back to /login.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const pending = await pendingSignIn(context, request);
  if (!pending) throw redirect(`/login?expired=1`);
  return json(
    { totp: pending.factors.totp, passkeys: pending.factors.passkeys > 0, email: pending.user.email },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitForm(await request.formData(), secondFactorCodeSchema, ({ code }) => finishWithCode(context, request, code), {
    hideFields: ["code"],
  });
}

export default function SecondFactorPage() {
  const { totp, passkeys, email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const [form, fields] = useForm({
    lastResult,
    constraint: formConstraint(secondFactorCodeSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondFactorCodeSchema }),
  });
  const expired = form.errors?.[0] === CHALLENGE_EXPIRED;
  return (
    <AuthCard title={t("login.secondFactor.title")} subtitle={t("login.secondFactor.signingInAs", { email })}>
      <div className="space-y-5">
        {totp ? (
          <Form method="post" className="space-y-5" {...getFormProps(form)}>
            <Field
              label={t("login.secondFactor.code")}
              autoComplete="one-time-code"
              inputMode="text"
              autoFocus
              {...inputProps(fields.code, { type: "text" })}
            />
            <p className="text-sm text-slate-600">{t("login.secondFactor.lostPhone")}</p>
            <Alert id={form.errorId} message={form.errors?.[0]} />
            <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
              {navigation.state !== "idle" ? t("login.secondFactor.checking") : t("login.secondFactor.verify")}
            </Button>
          </Form>
        ) : null}
        {passkeys ? <PasskeySignInButton variant={totp ? "secondary" : "primary"} label={t("login.secondFactor.usePasskey")} secondFactor /> : null}
        {expired || (!totp && !passkeys) ? (
          <Link to="/login" className="inline-flex text-sm font-medium text-brand-700 hover:underline">
            {t("login.secondFactor.back")}
          </Link>
        ) : null}
      </div>
    </AuthCard>
  );
}
