import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { answerReminder, readReminderLink } from "~/domain/reminders/reminders.server";
import { AuthCard } from "~/features/identity/auth-card";

export const meta: MetaFunction = () => [{ title: "Update your workload · Availability" }];

const headers = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

/**
 * A button of an update-reminder mail (decision 0122). Opening the link changes nothing
 * (mail scanners open links); the page names the answer and one button confirms it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const signature = new URL(request.url).searchParams.get("sig") ?? "";
  const state = await readReminderLink(context, params.id ?? "", params.answer ?? "", signature, new Date());
  return json({ state, done: false }, { status: state.ok ? 200 : state.status, headers });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const signature = new URL(request.url).searchParams.get("sig") ?? "";
  const state = await answerReminder(context, params.id ?? "", params.answer ?? "", signature);
  return json({ state, done: state.ok }, { status: state.ok ? 200 : state.status, headers });
}

export default function ReminderAnswerPage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const { state, done } = acted ?? loaded;
  const submitting = useNavigation().state !== "idle";
  if (!state.ok) {
    return (
      <AuthCard title="Update your workload">
        <Alert message={state.message} />
        <Link to="/home" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
          Open the dashboard
        </Link>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title="Thank you">
        <Alert tone="success" message={state.answer === "away" ? "You are now marked as away." : `Your workload is now ${state.label}.`} />
        <Link to="/home" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
          Open the dashboard
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Update your workload" subtitle={state.name ? `Hi ${state.name}` : undefined}>
      <Form method="post" className="space-y-5">
        <p className="text-sm text-slate-700">
          {state.answer === "away" ? "Mark yourself as away?" : `Set your current workload to ${state.label}?`}
        </p>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Saving..." : state.answer === "away" ? "Yes, I am away" : `Yes, set ${state.label}`}
        </Button>
      </Form>
      <Link to="/home" className="mt-6 inline-flex text-sm font-medium text-brand-700 hover:underline">
        Open the dashboard instead
      </Link>
    </AuthCard>
  );
}
