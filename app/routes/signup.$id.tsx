import { getFormProps, useForm } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
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

export const meta: MetaFunction = () => [{ title: "Create account · Availability" }];

/** The invite behind the link, or null for an unknown, used or expired one: the page says so and goes to sign in. */
async function loadInvite(context: LoaderFunctionArgs["context"], secret: string) {
  const found = await pageStateOf(requireUncompletedUser(publicCtx(context), secret));
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
      const user = await registerInvitedUser(signInContext(context), params.id!, input);
      const { setCookie } = await startSession(context, user, request, { byPassword: user.passwordHash !== null });
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
  useEffect(() => {
    const timer = setTimeout(() => navigate("/login", { replace: true }), 3000);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthCard title="Something went wrong">
      <p role="alert" className="text-sm text-slate-700">
        This invite link is invalid, has expired or has already been used. Ask your administrator for a new invite.
      </p>
      <p className="mt-4 text-sm text-slate-600">Taking you to the sign-in page…</p>
      <Link to="/login" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
        Go to sign in now
      </Link>
    </AuthCard>
  );
}

type Invite = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["invite"]>;

function SignUpForm({ invite }: { invite: Invite }) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [showPassword, setShowPassword] = useState(false);
  const chooseTeam = invite.showTeam && invite.allowGroupSelection;
  const schema = signUpSchemaFor({ ssoOnly: invite.ssoOnlySignup, chooseTeam });
  const firstGroup = invite.groups.find((group) => officesOf(invite, group._id).length > 0) ?? invite.groups[0];
  const [groupId, setGroupId] = useState(firstGroup?._id ?? "");
  const [officeId, setOfficeId] = useState(firstGroup ? (officesOf(invite, firstGroup._id)[0]?._id ?? "") : "");
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: { name: invite.name, title: invite.title, email: invite.email, phone: invite.phone ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const submitting = navigation.state !== "idle";
  const passwordHint = invite.ssoOnlySignup ? " (optional)" : "";

  return (
    <AuthCard title="Create your account" subtitle={<>Join {invite.companyName}</>} icon={invite.companyIcon} wide>
      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        <Field label="Name" autoComplete="name" autoFocus {...inputProps(fields.name, { type: "text" })} />
        <Field label="Title" autoComplete="organization-title" {...inputProps(fields.title, { type: "text" })} />
        <Field label="Email" readOnly autoComplete="email" className="[&_input]:bg-slate-50" {...inputProps(fields.email, { type: "email" })} />
        <Field label="Phone (optional)" autoComplete="tel" {...inputProps(fields.phone, { type: "tel" })} />
        {invite.showTeam ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Group"
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
              label="Office"
              id={fields.office.id}
              name={fields.office.name}
              value={officeId}
              disabled={!invite.allowGroupSelection}
              onChange={(event) => setOfficeId(event.target.value)}
              options={officesOf(invite, groupId).map((office) => ({ value: office._id, label: office.name }))}
              errors={fields.office.errors}
            />
            {!invite.allowGroupSelection ? (
              <p className="text-xs text-slate-500 sm:col-span-2">Your administrator will place you in a group and office.</p>
            ) : null}
          </div>
        ) : null}
        <Field
          label={`Password${passwordHint}`}
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
        <p className="-mt-2 text-xs text-slate-500">At least {PASSWORD_MIN} characters.</p>
        <Field
          label={`Confirm password${passwordHint}`}
          autoComplete="new-password"
          {...inputProps(fields.passwordConfirmation, { type: showPassword ? "text" : "password" })}
        />
        <Alert id={form.errorId} message={form.errors?.[0]} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Creating account..." : "Create account"}
        </Button>
      </Form>
    </AuthCard>
  );
}
