import { useFetcher } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { useT } from "~/lib/i18n/i18n";

/** An example line: not words, the same in every language. */
const EXAMPLE = "firm.com https://us.example.com";

interface Reply {
  status?: "success" | "error";
  message?: string;
  error?: Record<string, string[] | null> | null;
}

/** Firm domains of other regional installations, one "domain URL" per line (decision 0150). */
export function InstallationDomainsForm({ domains }: { domains: { domain: string; installationUrl: string }[] }) {
  const t = useT();
  const fetcher = useFetcher<Reply>();
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = reply?.status === "error" ? (reply.error?.domains?.[0] ?? reply.error?.[""]?.[0]) : undefined;
  return (
    <section aria-labelledby="installation-domains-heading" className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="installation-domains-heading" className="text-sm font-semibold text-slate-900">
        {t("operator.domains.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("operator.domains.intro")}</p>
      <fetcher.Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="updateInstallationDomains" />
        <label htmlFor="installation-domains" className="block text-sm font-medium text-slate-700">
          {t("operator.domains.label")}
        </label>
        <textarea
          id="installation-domains"
          name="domains"
          rows={4}
          defaultValue={domains.map((d) => `${d.domain} ${d.installationUrl}`).join("\n")}
          placeholder={EXAMPLE}
          aria-invalid={error ? true : undefined}
          className="block w-full rounded-md border-0 px-3 py-2 font-mono text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
        />
        <Alert message={error} />
        <Alert tone="success" message={reply?.status === "success" ? reply.message : undefined} />
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? t("common.saving") : t("operator.domains.save")}
        </Button>
      </fetcher.Form>
    </section>
  );
}
