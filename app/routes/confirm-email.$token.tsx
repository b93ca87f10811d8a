import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { confirmEmailChange, EMAIL_CHANGE_INVALID, findEmailChange } from "~/domain/identity/email-change.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { publicCtx } from "~/domain/context";
import { AuthCard } from "~/features/identity/auth-card";
import { submitForm } from "~/web/page-form.server";
import { noFields } from "~/domain/schema-kit";

export const meta: MetaFunction = () => [{ title: "Confirm your new e-mail · Availability" }];

const headers = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

/**
 * The link mailed to a new address (decision 0175). Opening it changes nothing (mail
 * scanners open links); the page names the address and one button confirms it.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const found = await findEmailChange(publicCtx(context), params.token ?? "");
  if (!found) return json({ ok: false as const, message: EMAIL_CHANGE_INVALID }, { status: 410, headers });
  return json({ ok: true as const, newEmail: found.token.newEmail, name: found.user.name }, { headers });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const mailer = mailerFor(context, request);
  // A used or expired link answers 410 with its message, as the loader does.
  return submitForm(
    await request.formData(),
    noFields,
    async () => {
      const { email } = await confirmEmailChange(mailer.mail, mailer.appName, params.token ?? "");
      return { message: `Your e-mail is now ${email}. Sign in with it from now on.` };
    },
    { headers },
  );
}

export default function ConfirmEmailPage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const submitting = useNavigation().state !== "idle";
  // After a confirmation the loader runs again and finds the link used: the action's answer wins.
  const failure = acted ? (acted.status === "success" ? null : (acted.error?.[""]?.[0] ?? null)) : loaded.ok ? null : loaded.message;
  if (failure) {
    return (
      <AuthCard title="Confirm your new e-mail">
        <Alert message={failure} />
        <Link to="/settings" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
          Open Settings
        </Link>
      </AuthCard>
    );
  }
  if (acted?.status === "success") {
    return (
      <AuthCard title="E-mail changed">
        <Alert tone="success" message={acted.message} />
        <Link to="/home" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
          Open the dashboard
        </Link>
      </AuthCard>
    );
  }
  if (!loaded.ok) return null;
  return (
    <AuthCard title="Confirm your new e-mail" subtitle={loaded.name ? `Hi ${loaded.name}` : undefined}>
      <Form method="post" className="space-y-5">
        <p className="text-sm text-slate-700">
          Sign in with <strong className="break-all">{loaded.newEmail}</strong> from now on?
        </p>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Confirming..." : "Confirm new e-mail"}
        </Button>
      </Form>
    </AuthCard>
  );
}
