import { Popover } from "~/components/popover";
import { quickDates, type QuickDate } from "~/domain/workload/quick-dates";
import { blockedDays, formatDay, SingleDayPicker } from "~/components/day-picker";
import { dayKey, parseDayKey } from "~/lib/dates";
import { SaveError } from "./save-error";
import { useDashboardWrite } from "./use-dashboard-write";
import { WorkloadStepper } from "./workload-card";
import { useFormat, type Formatter } from "~/lib/format";
import { useT, type MessageKey, type Translate } from "~/lib/i18n/i18n";

/** The suggestions quickDates names in English, in the reader's words. */
const QUICK_DATE_NAMES: Record<string, MessageKey> = {
  Tomorrow: "dashboard.quick.tomorrow",
  "Rest of the week": "dashboard.quick.restOfWeek",
  "Next week": "dashboard.quick.nextWeek",
  "Until next week": "dashboard.quick.untilNextWeek",
};

/**
 * A suggestion's name in the reader's words. quickDates (domain/workload/quick-dates.ts) names
 * them in English, but for the weekday ("Monday") and the day in "Until Wed 18 Nov", which it
 * already takes from the reader's formatter; a name not known here shows as it is.
 */
function quickDateLabel(t: Translate, suggestion: QuickDate, fmt: Formatter): string {
  const key = QUICK_DATE_NAMES[suggestion.label];
  if (key) return t(key);
  if (suggestion.label.startsWith("Until ")) return t("dashboard.quick.until", { day: fmt.weekdayDayMonth(suggestion.date) });
  return suggestion.label;
}

interface Period {
  _id?: string;
  startDate: string;
  endDate: string;
}

/**
 * The future workload and the date it applies from. A date earlier than today or a
 * cleared date removes it; a later date creates a single-day forecast with the level.
 */
export function FutureWorkload({
  today,
  level,
  date,
  forecasts,
  editable,
}: {
  today: string;
  level: number | null;
  date: string | null;
  forecasts: Period[];
  editable: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const write = useDashboardWrite("forecast-date");
  const shownDate = write.pending ? write.pending.date || null : date;
  // The forecast on the chosen date is the future workload's own: it does not block the picker.
  const others = forecasts.filter((f) => !(date && f.startDate.slice(0, 10) === date.slice(0, 10) && f.endDate.slice(0, 10) === date.slice(0, 10)));
  const suggestions = quickDates(today, others, fmt).map((s) => ({ ...s, label: quickDateLabel(t, s, fmt) }));
  const pick = (day: string) => write.submit("forecastDate", { date: day });

  return (
    <div>
      <WorkloadStepper
        kind="future"
        // A level shows only while a date is set: without one it is not in effect.
        level={shownDate ? level : null}
        disabled={!editable || !shownDate}
        disabledReason={editable && !shownDate ? t("dashboard.future.pickFirst") : undefined}
      />
      {editable ? (
        <div className="mt-4 border-t border-slate-100 pt-3">
          <div className="flex flex-wrap items-center gap-2">
            <Popover
              label={shownDate ? t("dashboard.future.from", { day: formatDay(shownDate, fmt) }) : t("dashboard.future.pickDate")}
              testId="forecast-date"
              buttonClassName="rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {(close) => (
                <SingleDayPicker
                  selected={shownDate ? parseDayKey(shownDate) : undefined}
                  disabled={blockedDays(today, others)}
                  onSelect={(d) => {
                    pick(d ? dayKey(d) : "");
                    close();
                  }}
                />
              )}
            </Popover>
            {shownDate ? (
              <button type="button" onClick={() => pick("")} className="rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-100">
                {t("dashboard.future.clear")}
              </button>
            ) : null}
          </div>
          {suggestions.length ? (
            <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={t("dashboard.future.quickDates")}>
              {suggestions.map((s) => (
                <button
                  key={s.date}
                  type="button"
                  onClick={() => pick(s.date)}
                  aria-pressed={shownDate?.slice(0, 10) === s.date}
                  className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100 aria-pressed:bg-brand-600 aria-pressed:text-white"
                >
                  {s.label}
                </button>
              ))}
            </div>
          ) : null}
          <SaveError message={write.error} />
        </div>
      ) : null}
    </div>
  );
}
