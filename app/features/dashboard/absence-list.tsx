import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import { formatRange } from "~/components/day-picker";
import { useFormat } from "~/lib/format";
import { useT } from "~/lib/i18n/i18n";

/** Without new forecasting the dashboard plans absences only: a list with add and edit. */
export function AbsenceList({
  forecasts,
  vacations,
  editable,
  onAdd,
  onEdit,
}: {
  forecasts: ApiForecast[];
  vacations: { _id: string; startDate: string; endDate: string }[];
  editable: boolean;
  onAdd: () => void;
  onEdit: (forecast: ApiForecast) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const absences = forecasts.filter((f) => f.status === "away");
  return (
    <section aria-labelledby="absence-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center justify-between">
        <h2 id="absence-heading" className="text-sm font-semibold text-slate-900">
          {t("dashboard.absences.heading")}
        </h2>
        {editable ? (
          <button type="button" onClick={onAdd} className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
            {t("forecastForm.add")}
          </button>
        ) : null}
      </div>
      {absences.length + vacations.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t("dashboard.absences.none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {absences.map((f) => (
            <li key={f._id} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-900">{formatRange(f.startDate, f.endDate, fmt)}</span>
                {f.comment ? <span className="block truncate text-xs text-slate-500">{f.comment}</span> : null}
              </span>
              {editable && !f.externalSource ? (
                <button
                  type="button"
                  onClick={() => onEdit(f)}
                  className="rounded px-2 py-1 text-sm text-brand-700 hover:bg-brand-50"
                  aria-label={t("dashboard.absences.edit", { range: formatRange(f.startDate, f.endDate, fmt) })}
                >
                  {t("common.edit")}
                </button>
              ) : f.externalSource ? (
                <span className="text-xs text-slate-500">{t("forecast.fromSource", { source: f.externalSource })}</span>
              ) : null}
            </li>
          ))}
          {vacations.map((v) => (
            <li key={v._id} className="flex items-center justify-between py-2">
              <span className="text-sm text-slate-900">{formatRange(v.startDate, v.endDate, fmt)}</span>
              <span className="text-xs text-slate-500">{t("forecast.vacation")}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
