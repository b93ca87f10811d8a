import { useT } from "~/lib/i18n/i18n";

/** The operator console's usage statistics: active people per week per firm, and updates per source (decision 0123). */
export function UsageTable({
  usage,
}: {
  usage: { weeks: string[]; companies: { _id: string; name: string; activePeople: number[]; updates: Record<string, number> }[] };
}) {
  const t = useT();
  return (
    <section aria-labelledby="usage-heading" className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="usage-heading" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        {t("operator.usage.title")} <span className="font-normal text-slate-500">{t("operator.usage.subtitle")}</span>
      </h2>
      {/* Folded by default: the companies table above is what the console is opened for. */}
      <details className="px-4 py-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("operator.usage.show", { count: usage.weeks.length })}</summary>
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={t("operator.usage.region")}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-xs text-slate-500">
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("operator.usage.firm")}
                </th>
                {usage.weeks.map((week) => (
                  <th key={week} scope="col" className="px-2 py-2 text-right font-medium">
                    {week.slice(5)}
                  </th>
                ))}
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("operator.usage.updates")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {usage.companies.map((company) => (
                <tr key={company._id}>
                  <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                    {company.name}
                  </th>
                  {company.activePeople.map((n, i) => (
                    <td key={usage.weeks[i]} className="px-2 py-2 text-right tabular-nums">
                      {n}
                    </td>
                  ))}
                  <td className="px-4 py-2 text-slate-600">
                    {Object.entries(company.updates)
                      .map(([source, n]) => `${source} ${n}`)
                      .join(", ") || t("operator.usage.none")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
