import { Link } from "@remix-run/react";

const messages: Record<number, { title: string; text: string }> = {
  403: { title: "No access", text: "You do not have permission to open this page." },
  404: { title: "Page not found", text: "We could not find the page you were looking for. It may have moved, or the address may be mistyped." },
  500: { title: "Something went wrong", text: "An unexpected error happened on our side. Please try again in a moment." },
};

/** `reason`: what the refusal itself says, shown instead of the generic text (a 403's "This page is for administrators."). */
export function ErrorPage({ status, reason }: { status: number; reason?: string }) {
  const { title, text: generic } = messages[status] ?? messages[500];
  const text = reason || generic;
  return (
    <main className="flex min-h-full items-center justify-center px-6 py-16">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-600">{status}</p>
        <h1 className="mt-2 text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">{text}</p>
        <Link to="/" className="mt-8 inline-flex rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700">
          Go to the dashboard
        </Link>
      </div>
    </main>
  );
}
