import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormat } from "~/lib/format";
import { Fragment } from "react";
import { ErrorPage } from "~/components/error-page";
import { isLocalEnv } from "~/env";
import { latestOutboxMessages } from "~/integrations/email/outbox.server";

/**
 * The development mailbox: every message in the outbox, newest first, with clickable
 * links, so a tester can follow invite and reset links without a mail server. It exists
 * only when APP_ENV is development or test AND the request came to a loopback host; anywhere
 * else it is not found.
 */
export const meta: MetaFunction = () => [{ title: "Development mailbox · Availability" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isLocalEnv(context.env) || !isLoopbackHost(request)) throw new Response("Not found", { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim().toLowerCase() ?? "";
  const rows = await latestOutboxMessages(context.env, to);
  return json({ to, messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) });
}

function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="break-all font-medium text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default function DevMailbox() {
  const { to, messages } = useLoaderData<typeof loader>();
  // A development page outside the app's shell: the reader's locale, the server's UTC (said so).
  const fmt = useFormat();
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-8">
      <h1 className="text-2xl font-semibold text-slate-900">Development mailbox</h1>
      <p className="mt-2 text-sm text-slate-600">Every e-mail the app has queued, newest first. Only available in development and test.</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 text-sm font-medium text-slate-700">
          Recipient
          <input
            type="search"
            name="to"
            defaultValue={to}
            placeholder="someone@example.com"
            className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none sm:text-sm"
          />
        </label>
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700">
          Filter
        </button>
      </Form>
      {messages.length === 0 ? <p className="mt-8 text-sm text-slate-500">No messages.</p> : null}
      <ol className="mt-6 space-y-4">
        {messages.map((message) => (
          <li key={message.id}>
            <article aria-label={`${message.subject} to ${message.to}`} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <header className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="min-w-0 font-semibold break-words text-slate-900">{message.subject}</h2>
                <span className="text-xs text-slate-500">
                  {message.status}
                  {message.attempts ? `, ${message.attempts} attempt${message.attempts === 1 ? "" : "s"}` : ""} ·{" "}
                  {fmt.dateTime(message.createdAt, "UTC")} UTC
                </span>
              </header>
              <p className="mt-1 text-sm break-all text-slate-600">To: {message.to}</p>
              {message.lastError ? <p className="mt-1 text-sm text-red-700">Last error: {message.lastError}</p> : null}
              <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800">
                <Linkified text={message.text} />
              </p>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A development server someone exposed (a tunnel, a LAN address) does not hand out everyone's links. */
function isLoopbackHost(request: Request): boolean {
  return LOOPBACK_HOSTS.has(new URL(request.url).hostname);
}
