import { lazy, Suspense, type ComponentProps } from "react";
import type { DateRange, DayPicker as DayPickerType, Matcher } from "react-day-picker";
import { parseDayKey } from "~/lib/dates";
import { formatDayRange, formatterFor, useFormat, type Formatter } from "~/lib/format";
import { useT } from "~/lib/i18n/i18n";

/**
 * The calendar library (with its date functions) is not in the dashboard's first load: it is a
 * third of the page's JavaScript. A page that offers a calendar calls `preloadCalendar` once it
 * is idle (the dashboard does), so the calendar is there the moment a dialog opens: fetched only
 * when it opened, it showed "Loading calendar..." for about 1.8 s on a phone (issue 27, item 24).
 * Once loaded it renders directly, without a Suspense round (and its fallback) on each opening.
 */
let loaded: typeof DayPickerType | null = null;
let loading: Promise<typeof DayPickerType> | null = null;
function loadCalendar() {
  loading ??= import("react-day-picker").then((module) => (loaded = module.DayPicker));
  return loading;
}

/** Fetches the calendar's code ahead of need; a failed fetch is tried again when a calendar opens. */
export function preloadCalendar() {
  loadCalendar().catch(() => (loading = null));
}

const LazyDayPicker = lazy(() => loadCalendar().then((DayPicker) => ({ default: DayPicker })));

function DayPicker(props: ComponentProps<typeof DayPickerType>) {
  const Loaded = loaded;
  return Loaded ? (
    <Loaded {...props} />
  ) : (
    <Suspense fallback={<Loading />}>
      <LazyDayPicker {...props} />
    </Suspense>
  );
}

function Loading() {
  const t = useT();
  return (
    <p className="px-2 py-6 text-sm text-slate-500" role="status">
      {t("dayPicker.loading")}
    </p>
  );
}

/**
 * Monday first whatever the locale, the reader's weekday and month names, days as UTC midnights,
 * and what a screen reader hears in the reader's words too (the library's own labels are English).
 */
function useCommon() {
  const fmt = useFormat();
  const t = useT();
  const dayName = (date: Date) => `${fmt.weekdayLong(date)} ${fmt.dayMonthYear(date)}`;
  return {
    weekStartsOn: 1 as const,
    timeZone: "UTC",
    formatters: { formatWeekdayName: (date: Date) => fmt.weekdayShort(date), formatCaption: (month: Date) => fmt.monthYear(month) },
    labels: {
      labelNext: () => t("dayPicker.next"),
      labelPrevious: () => t("dayPicker.previous"),
      labelGrid: (month: Date) => fmt.monthYear(month),
      labelWeekday: (date: Date) => fmt.weekdayLong(date),
      labelDayButton: (date: Date, modifiers: { today?: boolean; selected?: boolean }) => {
        const day = modifiers.today ? t("dayPicker.today", { day: dayName(date) }) : dayName(date);
        return modifiers.selected ? t("dayPicker.selected", { day }) : day;
      },
    },
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
  return <DayPicker {...common} mode="single" selected={selected} onSelect={onSelect} disabled={disabled} defaultMonth={month ?? selected} />;
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
