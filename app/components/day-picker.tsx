import { lazy, Suspense } from "react";
import type { DateRange, Matcher } from "react-day-picker";
import { parseDayKey } from "~/lib/dates";
import { formatDayRange, formatterFor, useFormat, type Formatter } from "~/lib/format";

/**
 * The calendar library (with its date functions) loads the first time a calendar opens,
 * not with the dashboard: it is a third of the page's JavaScript and most visits never
 * open a calendar.
 */
const DayPicker = lazy(() => import("react-day-picker").then((module) => ({ default: module.DayPicker })));

function Loading() {
  return (
    <p className="px-2 py-6 text-sm text-slate-500" role="status">
      Loading calendar...
    </p>
  );
}

/** Monday first whatever the locale, the reader's weekday and month names, days as UTC midnights. */
function useCommon() {
  const fmt = useFormat();
  return {
    weekStartsOn: 1 as const,
    timeZone: "UTC",
    formatters: { formatWeekdayName: (date: Date) => fmt.weekdayShort(date), formatCaption: (month: Date) => fmt.monthYear(month) },
    className: "text-sm",
  };
}

export function SingleDayPicker({
  selected,
  onSelect,
  disabled,
  month,
}: {
  selected?: Date;
  onSelect: (date: Date | undefined) => void;
  disabled: Matcher[];
  month?: Date;
}) {
  const common = useCommon();
  return (
    <Suspense fallback={<Loading />}>
      <DayPicker {...common} mode="single" selected={selected} onSelect={onSelect} disabled={disabled} defaultMonth={month ?? selected} />
    </Suspense>
  );
}

export function RangeDayPicker({
  selected,
  onSelect,
  disabled,
  months = 2,
}: {
  selected?: DateRange;
  onSelect: (range: DateRange | undefined) => void;
  disabled: Matcher[];
  months?: number;
}) {
  const common = useCommon();
  return (
    <Suspense fallback={<Loading />}>
      <DayPicker
        {...common}
        mode="range"
        numberOfMonths={months}
        selected={selected}
        onSelect={onSelect}
        disabled={disabled}
        excludeDisabled
        defaultMonth={selected?.from}
      />
    </Suspense>
  );
}

/** Today and later only, and never inside one of the given periods. */
export function blockedDays(todayIso: string, periods: { startDate: string; endDate: string }[]): Matcher[] {
  return [{ before: parseDayKey(todayIso) }, ...periods.map((p) => ({ from: parseDayKey(p.startDate), to: parseDayKey(p.endDate) }))];
}

/** "Mon 23 Nov" in the reader's locale (`fmt` from useFormat). */
export function formatDay(iso: string, fmt: Formatter = formatterFor()): string {
  return fmt.weekdayDayMonth(iso);
}

export function formatRange(startIso: string, endIso: string, fmt: Formatter = formatterFor()): string {
  return formatDayRange(startIso, endIso, (iso) => formatDay(iso, fmt));
}
