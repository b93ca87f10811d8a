import { Link } from "@remix-run/react";
import { useT, type MessageKey } from "~/lib/i18n/i18n";

const messages: Record<number, { title: MessageKey; text: MessageKey }> = {
  403: { title: "errorPage.403.title", text: "errorPage.403.text" },
  404: { title: "errorPage.404.title", text: "errorPage.404.text" },
  500: { title: "errorPage.500.title", text: "errorPage.500.text" },
};

/** `reason`: what the refusal itself says, shown instead of the generic text (a 403's "This page is for administrators."). */
export function ErrorPage({ status, reason }: { status: number; reason?: string }) {
  const t = useT();
  const { title, text: generic } = messages[status] ?? messages[500];
  const text = reason || t(generic);
  return (
    <main className="flex min-h-full items-center justify-center px-6 py-16">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-600">{status}</p>
        <h1 className="mt-2 text-2xl font-semibold text-slate-900">{t(title)}</h1>
        <p className="mt-3 text-slate-600">{text}</p>
        <Link to="/" className="mt-8 inline-flex rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700">
          {t("errorPage.home")}
        </Link>
      </div>
    </main>
  );
}
