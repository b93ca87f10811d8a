import type { ShardView } from "~/domain/installation/shards.types";
import { useT } from "~/lib/i18n/i18n";

/**
 * The operator console's shards (issue 29 item 6, decision 0312): where firms live, each
 * shard's size and load from the hourly probe, and the firms the directory places on it.
 */
export function ShardsTable({ shards }: { shards: ShardView[] }) {
  const t = useT();
  const measured = shards
    .map((shard) => shard.probedAt)
    .filter(Boolean)
    .sort()
    .at(-1);
  return (
    <section aria-labelledby="shards-heading" className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="shards-heading" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        {t("operator.shards.title")}{" "}
        <span className="font-normal text-slate-500">
          {measured ? t("operator.shards.measured", { time: measured.slice(0, 16).replace("T", " ") }) : t("operator.shards.notMeasured")}
        </span>
      </h2>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("operator.shards.region")}>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-xs text-slate-500">
              <th scope="col" className="px-4 py-2 font-medium">
                {t("operator.shards.shard")}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t("operator.shards.size")}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t("operator.shards.firms")}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t("operator.shards.people")}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t("operator.shards.updates")}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("operator.shards.servedBy")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shards.map((shard) => (
              <tr key={shard.id} className="align-top">
                <th scope="row" className="px-4 py-2 font-medium whitespace-nowrap text-slate-900">
                  {shard.id} <span className="font-mono text-xs font-normal text-slate-500">{shard.binding}</span>
                  {shard.firmList.length ? (
                    <details className="mt-1 font-normal">
                      <summary className="cursor-pointer text-xs text-brand-700">
                        {t("operator.shards.showFirms", { count: shard.firmList.length })}
                      </summary>
                      <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
                        {shard.firmList.map((firm) => (
                          <li key={firm.companyId}>
                            {firm.name} <span className="text-slate-500">({t("common.peopleCount", { count: firm.people })})</span>
                          </li>
                        ))}
                      </ul>
                    </details>
                  ) : null}
                </th>
                <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                  {shard.sizeBytes === null ? "–" : t("operator.shards.megabytes", { mb: (shard.sizeBytes / 1_000_000).toFixed(1) })}
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{shard.firms}</td>
                <td className="px-2 py-2 text-right tabular-nums">{shard.people}</td>
                <td className="px-2 py-2 text-right tabular-nums">{shard.updatesLastHour ?? "–"}</td>
                <td className="px-4 py-2 text-slate-600">{shard.servedBy ?? t("operator.shards.notReported")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
