import { getFormProps, useForm } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/components/form-constraint";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { signInContext } from "~/domain/identity/authenticator.server";
import { startSession } from "~/domain/identity/session.server";
import { Button } from "~/components/button";
import { Field } from "~/components/field";
import { withFlash } from "~/components/flash-message";
import { PASSWORD_MIN, signUpSchemaFor } from "~/domain/identity/invite.schema";
import { registerInvitedUser, requireUncompletedUser } from "~/domain/identity/signup.server";
import { NotFoundError, ValidationError } from "~/domain/errors";
import { Alert } from "~/components/alert";
import { AuthCard, ShowPasswordButton } from "~/features/identity/auth-card";
import { officesOf, SelectField } from "~/components/select-field";
import { pageStateOf, submitForm } from "~/web/page-form.server";
import { publicCtx } from "~/domain/context";
import { contextOfCarried } from "~/domain/installation/pre-sign-in.server";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "signup.pageTitle") }];

/** The invite behind the link, or null for an unknown, used or expired one: the page says so and goes to sign in. */
async function loadInvite(context: LoaderFunctionArgs["context"], secret: string) {
  const found = await pageStateOf(requireUncompletedUser(publicCtx(await contextOfCarried(context, "invite", secret)), secret));
  return found.ok ? found.value : null;
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const invite = await loadInvite(context, params.id!);
  return json({ invite }, { headers: { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const invite = await loadInvite(context, params.id!);
  const schema = signUpSchemaFor({ ssoOnly: invite?.ssoOnlySignup ?? false, chooseTeam: Boolean(invite?.showTeam && invite.allowGroupSelection) });
  return submitForm(
    form,
    schema,
    async (input) => {
      if (!invite) throw new NotFoundError();
      const firm = await contextOfCarried(context, "invite", params.id!);
      const user = await registerInvitedUser(signInContext(firm), params.id!, input);
      const { setCookie } = await startSession(firm, user, request, { byPassword: user.passwordHash !== null });
      return redirect(withFlash("/home", "signup"), { headers: { "Set-Cookie": setCookie } });
    },
    // Field errors say what to mend; anything else about an invite link is not spelled out.
    { hideFields: ["password", "passwordConfirmation"], formError: (error) => (error instanceof ValidationError ? null : "Something went wrong") },
  );
}

export default function SignUpPage() {
  const { invite } = useLoaderData<typeof loader>();
  if (!invite) return <InvalidInvite />;
  return <SignUpForm invite={invite} />;
}

/** An unknown, expired or used link: the message, then the sign-in page. */
function InvalidInvite() {
  const navigate = useNavigate();
  const t = useT();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/login", { replace: true }), 3000);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthCard title={t("signup.failedTitle")}>
      <p role="alert" className="text-sm text-slate-700">
        {t("signup.invalid")}
      </p>
      <p className="mt-4 text-sm text-slate-600">{t("signup.redirecting")}</p>
      <Link to="/login" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
        {t("signup.goNow")}
      </Link>
    </AuthCard>
  );
}

type Invite = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["invite"]>;

function SignUpForm({ invite }: { invite: Invite }) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const [showPassword, setShowPassword] = useState(false);
  const chooseTeam = invite.showTeam && invite.allowGroupSelection;
  const schema = signUpSchemaFor({ ssoOnly: invite.ssoOnlySignup, chooseTeam });
  const firstGroup = invite.groups.find((group) => officesOf(invite, group._id).length > 0) ?? invite.groups[0];
  const [groupId, setGroupId] = useState(firstGroup?._id ?? "");
  const [officeId, setOfficeId] = useState(firstGroup ? (officesOf(invite, firstGroup._id)[0]?._id ?? "") : "");
  const [form, fields] = useForm({
    lastResult,
    constraint: formConstraint(schema),
    defaultValue: { name: invite.name, title: invite.title, email: invite.email, phone: invite.phone ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const submitting = navigation.state !== "idle";

  return (
    <AuthCard title={t("signup.title")} subtitle={t("signup.join", { company: invite.companyName })} icon={invite.companyIcon} wide>
      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        <Field label={t("signup.name")} autoComplete="name" autoFocus {...inputProps(fields.name, { type: "text" })} />
        <Field label={t("signup.jobTitle")} autoComplete="organization-title" {...inputProps(fields.title, { type: "text" })} />
        <Field
          label={t("signup.email")}
          readOnly
          autoComplete="email"
          className="[&_input]:bg-slate-50"
          {...inputProps(fields.email, { type: "email" })}
        />
        <Field label={t("signup.phone")} autoComplete="tel" {...inputProps(fields.phone, { type: "tel" })} />
        {invite.showTeam ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t("signup.group")}
              id={fields.group.id}
              name={fields.group.name}
              value={groupId}
              disabled={!invite.allowGroupSelection}
              onChange={(event) => {
                setGroupId(event.target.value);
                setOfficeId(officesOf(invite, event.target.value)[0]?._id ?? "");
              }}
              options={invite.groups.map((group) => ({ value: group._id, label: group.name }))}
              errors={fields.group.errors}
            />
            <SelectField
              label={t("signup.office")}
              id={fields.office.id}
              name={fields.office.name}
              value={officeId}
              disabled={!invite.allowGroupSelection}
              onChange={(event) => setOfficeId(event.target.value)}
              options={officesOf(invite, groupId).map((office) => ({ value: office._id, label: office.name }))}
              errors={fields.office.errors}
            />
            {!invite.allowGroupSelection ? <p className="text-xs text-slate-500 sm:col-span-2">{t("signup.placedByAdmin")}</p> : null}
          </div>
        ) : null}
        <Field
          label={invite.ssoOnlySignup ? t("signup.passwordOptional") : t("auth.password")}
          autoComplete="new-password"
          {...inputProps(fields.password, { type: showPassword ? "text" : "password" })}
          trailing={
            <ShowPasswordButton
              shown={showPassword}
              onToggle={() => setShowPassword((shown) => !shown)}
              controls={`${fields.password.id} ${fields.passwordConfirmation.id}`}
            />
          }
        />
        <p className="-mt-2 text-xs text-slate-500">{t("signup.atLeast", { min: PASSWORD_MIN })}</p>
        <Field
          label={invite.ssoOnlySignup ? t("signup.confirmPasswordOptional") : t("auth.confirmPassword")}
          autoComplete="new-password"
          {...inputProps(fields.passwordConfirmation, { type: showPassword ? "text" : "password" })}
        />
        <Alert id={form.errorId} message={form.errors?.[0]} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t("signup.creating") : t("signup.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}
