import { useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { CUSTOM_HTML_PLACEHOLDERS, fillCustomHtml } from "~/domain/company/custom-html";
import { CustomHtmlBlock } from "~/components/custom-html-block";
import { useT } from "~/lib/i18n/i18n";

interface Reply {
  status?: "success" | "error";
  error?: Record<string, string[] | null> | null;
}

/**
 * The company's 'Custom html' (shown on everyone's dashboard): the HTML, the placeholders it
 * may use, and a live preview filled with the signed-in person's own values, in the same
 * sandboxed frame as the dashboard.
 */
export function CustomHtmlEditor({
  initialHtml,
  me,
}: {
  initialHtml: string;
  me: { id: string; name: string; email: string; photoUrl: string | null };
}) {
  const t = useT();
  const fetcher = useFetcher<Reply>();
  const [html, setHtml] = useState(initialHtml);
  const [saved, setSaved] = useState(initialHtml);
  const id = useId();
  const busy = fetcher.state !== "idle";
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = reply?.status === "error" ? (reply.error?.customHtml?.[0] ?? reply.error?.[""]?.[0] ?? t("customHtml.saveFailed")) : null;
  const justSaved = reply?.status === "success" && saved === html;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {t("company.customHtml.title")}
        </h2>
        <p className="mt-1 text-xs text-slate-500">{t("customHtml.intro")}</p>
      </div>
      <fetcher.Form method="post" className="grid gap-4 p-4 md:grid-cols-2" onSubmit={() => setSaved(html)}>
        <input type="hidden" name="intent" value="updateCustomHtml" />
        <div className="min-w-0">
          <label htmlFor={`${id}-html`} className="block text-sm font-medium text-slate-700">
            {t("customHtml.html")}
          </label>
          <textarea
            id={`${id}-html`}
            name="customHtml"
            value={html}
            onChange={(event) => setHtml(event.target.value)}
            rows={10}
            spellCheck={false}
            aria-describedby={`${id}-placeholders`}
            className="mt-1 block w-full rounded-md border-0 px-3 py-2 font-mono text-xs text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none focus:ring-inset"
          />
          <div id={`${id}-placeholders`} className="mt-2 text-xs text-slate-600">
            <p>{t("customHtml.placeholders")}</p>
            <ul className="mt-1 flex flex-wrap gap-1.5">
              {CUSTOM_HTML_PLACEHOLDERS.map((name) => (
                <li key={name}>
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800">{name}</code>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-700">{t("customHtml.preview")}</p>
          <div className="mt-1">
            {html.trim() ? <CustomHtmlBlock html={fillCustomHtml(html, me)} /> : <p className="text-sm text-slate-500">{t("customHtml.empty")}</p>}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3 md:col-span-2">
          <Button type="submit" disabled={busy || (html === initialHtml && !reply)}>
            {busy ? t("common.saving") : t("common.save")}
          </Button>
          <p role="status" className="text-sm text-slate-600">
            {justSaved ? t("customHtml.saved") : null}
          </p>
          <Alert plain message={error} />
        </div>
      </fetcher.Form>
    </section>
  );
}
