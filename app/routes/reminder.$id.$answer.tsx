import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { answerReminder, readReminderLink } from "~/domain/reminders/reminders.server";
import { bareId, contextOfCarried } from "~/domain/installation/pre-sign-in.server";
import { AuthCard } from "~/features/identity/auth-card";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "reminder.page.pageTitle") }];

const headers = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

/**
 * A button of an update-reminder mail (decision 0122). Opening the link changes nothing
 * (mail scanners open links); the page names the answer and one button confirms it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const signature = new URL(request.url).searchParams.get("sig") ?? "";
  const id = params.id ?? "";
  const state = await readReminderLink(await contextOfCarried(context, "reminder", id), bareId(id), params.answer ?? "", signature, new Date());
  return json({ state, done: false }, { status: state.ok ? 200 : state.status, headers });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const signature = new URL(request.url).searchParams.get("sig") ?? "";
  const id = params.id ?? "";
  const state = await answerReminder(await contextOfCarried(context, "reminder", id), bareId(id), params.answer ?? "", signature);
  return json({ state, done: state.ok }, { status: state.ok ? 200 : state.status, headers });
}

export default function ReminderAnswerPage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const { state, done } = acted ?? loaded;
  const submitting = useNavigation().state !== "idle";
  const t = useT();
  if (!state.ok) {
    return (
      <AuthCard title={t("reminder.page.title")}>
        <Alert message={state.message} />
        <Link to="/home" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
          {t("auth.openDashboard")}
        </Link>
      </AuthCard>
    );
  }
  // The answer's words in the reader's language (the server's label is the English one).
  const label = state.answer === "away" ? t("workload.away") : t(`workload.level${state.answer}`);
  if (done) {
    return (
      <AuthCard title={t("reminder.page.thanks")}>
        <Alert tone="success" message={state.answer === "away" ? t("reminder.page.nowAway") : t("reminder.page.nowLevel", { label })} />
        <Link to="/home" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
          {t("auth.openDashboard")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reminder.page.title")} subtitle={state.name ? t("auth.greeting", { name: state.name }) : undefined}>
      <Form method="post" className="space-y-5">
        <p className="text-sm text-slate-700">{state.answer === "away" ? t("reminder.page.askAway") : t("reminder.page.askLevel", { label })}</p>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t("common.saving") : state.answer === "away" ? t("reminder.page.yesAway") : t("reminder.page.yesLevel", { label })}
        </Button>
      </Form>
      <Link to="/home" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
        {t("reminder.page.instead")}
      </Link>
    </AuthCard>
  );
}
