import clsx from "clsx";
import { FORECAST_STATUSES, type ForecastStatusValue } from "~/domain/forecasts/statuses";
import { workloadColorClass } from "~/domain/workload/levels";
import { useT } from "~/lib/i18n/i18n";
import { workloadLabel } from "~/lib/i18n/workload";

/** Away and the four workload levels, as a radio group. */
export function StatusGrid({
  value,
  onChange,
  disabled,
  compact,
}: {
  value: string | null;
  onChange: (status: ForecastStatusValue) => void;
  disabled?: boolean;
  compact?: boolean;
}) {
  const t = useT();
  return (
    <div role="radiogroup" aria-label={t("statusGrid.label")} className={clsx("grid gap-2", compact ? "grid-cols-1" : "grid-cols-2 sm:grid-cols-3")}>
      {FORECAST_STATUSES.map((status) => {
        const checked = value === status;
        const away = status === "away";
        return (
          <button
            key={status}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={disabled}
            onClick={() => onChange(status)}
            className={clsx(
              "flex items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium ring-1 transition-colors disabled:opacity-60",
              checked ? "bg-brand-50 text-brand-800 ring-2 ring-brand-500" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
            )}
          >
            <span className={clsx("h-3 w-3 shrink-0 rounded-full", workloadColorClass(away ? null : status, away))} aria-hidden="true" />
            {workloadLabel(t, away ? null : status, away)}
          </button>
        );
      })}
    </div>
  );
}
