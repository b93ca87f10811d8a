import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { confirmEmailChange, EMAIL_CHANGE_INVALID, findEmailChange } from "~/domain/identity/email-change.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { publicCtx } from "~/domain/context";
import { contextOfCarried } from "~/domain/installation/pre-sign-in.server";
import { AuthCard } from "~/features/identity/auth-card";
import { submitForm } from "~/web/page-form.server";
import { noFields } from "~/domain/schema-kit";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "confirmEmail.pageTitle") }];

const headers = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

/**
 * The link mailed to a new address (decision 0175). Opening it changes nothing (mail
 * scanners open links); the page names the address and one button confirms it.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const found = await findEmailChange(publicCtx(await contextOfCarried(context, "emailChange", params.token ?? "")), params.token ?? "");
  if (!found) return json({ ok: false as const, message: EMAIL_CHANGE_INVALID }, { status: 410, headers });
  return json({ ok: true as const, newEmail: found.token.newEmail, name: found.user.name }, { headers });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const mailer = mailerFor(await contextOfCarried(context, "emailChange", params.token ?? ""), request);
  // A used or expired link answers 410 with its message, as the loader does.
  return submitForm(
    await request.formData(),
    noFields,
    async () => {
      const { email } = await confirmEmailChange(mailer.mail, context.env.DIRECTORY, mailer.appName, params.token ?? "");
      return { message: `Your e-mail is now ${email}. Sign in with it from now on.` };
    },
    { headers },
  );
}

export default function ConfirmEmailPage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const submitting = useNavigation().state !== "idle";
  const t = useT();
  // After a confirmation the loader runs again and finds the link used: the action's answer wins.
  const failure = acted ? (acted.status === "success" ? null : (acted.error?.[""]?.[0] ?? null)) : loaded.ok ? null : loaded.message;
  if (failure) {
    return (
      <AuthCard title={t("confirmEmail.title")}>
        <Alert message={failure} />
        <Link to="/settings" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
          {t("confirmEmail.openSettings")}
        </Link>
      </AuthCard>
    );
  }
  if (acted?.status === "success") {
    return (
      <AuthCard title={t("confirmEmail.changed")}>
        <Alert tone="success" message={acted.message} />
        <Link to="/home" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
          {t("auth.openDashboard")}
        </Link>
      </AuthCard>
    );
  }
  if (!loaded.ok) return null;
  return (
    <AuthCard title={t("confirmEmail.title")} subtitle={loaded.name ? t("auth.greeting", { name: loaded.name }) : undefined}>
      <Form method="post" className="space-y-5">
        <p className="text-sm text-slate-700">
          {t("confirmEmail.question.before")} <strong className="break-all">{loaded.newEmail}</strong> {t("confirmEmail.question.after")}
        </p>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t("confirmEmail.confirming") : t("confirmEmail.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}
