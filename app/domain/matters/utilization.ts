import { addDays, isoWeek, mondayOf } from "~/lib/dates";

/**
 * The utilization maths (decision 0130), without I/O so that a hand-computed fixture can
 * check it: weeks run Monday to Sunday (UTC); the report covers the `weeks` complete weeks
 * before the current one; a person's utilization is their billable hours against their
 * weekly target times the weeks counted. A week belongs to the month holding its Thursday
 * (as ISO weeks belong to years), so 'last month' and 'this month' are whole weeks too.
 */
export const WEEK_MS = 7 * 86_400_000;

export interface WeekHours {
  weekStart: number;
  billableHours: number;
  totalHours: number;
}

export interface UtilizationWindow {
  /** Monday of each reported week, oldest first. */
  weeks: number[];
  /** Each reported week's column: its ISO week number and Monday, computed once per report, not per person. */
  labels: { weekNumber: number; weekStart: string }[];
  /** Complete weeks whose Thursday falls in the previous calendar month. */
  lastMonthWeeks: number[];
  /** Complete weeks whose Thursday falls in the current calendar month (may be none yet). */
  thisMonthWeeks: number[];
  /** The earliest Monday any figure needs. */
  from: number;
  /** The current week's Monday: rollups before it count. */
  to: number;
}

/** `today`: the viewer's today (ctx.today), whose week is the current one. */
export function utilizationWindow(today: Date, weekCount: number): UtilizationWindow {
  const current = mondayOf(today).getTime();
  const weeks = Array.from({ length: weekCount }, (_, i) => current - (weekCount - i) * WEEK_MS);
  const month = today.getUTCFullYear() * 12 + today.getUTCMonth();
  const monthOf = (monday: number) => {
    const thursday = addDays(new Date(monday), 3);
    return thursday.getUTCFullYear() * 12 + thursday.getUTCMonth();
  };
  const recent: number[] = [];
  // Six weeks back reach the start of last month's weeks whatever the day.
  for (let monday = current - 10 * WEEK_MS; monday < current; monday += WEEK_MS) recent.push(monday);
  const lastMonthWeeks = recent.filter((m) => monthOf(m) === month - 1);
  const thisMonthWeeks = recent.filter((m) => monthOf(m) === month);
  const labels = weeks.map((w) => ({ weekNumber: isoWeek(new Date(w)), weekStart: new Date(w).toISOString() }));
  return { weeks, labels, lastMonthWeeks, thisMonthWeeks, from: Math.min(weeks[0] ?? current, ...lastMonthWeeks, current), to: current };
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** Percent of target, rounded; null when no week counts. */
export function utilizationPercent(billable: number, targetPerWeek: number, weekCount: number): number | null {
  if (weekCount === 0 || targetPerWeek <= 0) return null;
  return Math.round((100 * billable) / (targetPerWeek * weekCount));
}

export interface UtilizationFigures {
  /** The spec's {weekNumber, billableHours, totalHours} per week; each week's Monday is in the report's `weeks`, once (decision 0205). */
  weeklyOverview: { weekNumber: number; billableHours: number; totalHours: number }[];
  weeklyAverage: number;
  utilizationAverage: number | null;
  utilizationAverageLastMonth: number | null;
  utilizationAverageThisMonth: number | null;
}

export function utilizationFigures(window: UtilizationWindow, rows: WeekHours[], targetPerWeek: number): UtilizationFigures {
  const byWeek = new Map(rows.map((r) => [r.weekStart, r]));
  const billable = (weeks: number[]) => weeks.reduce((sum, w) => sum + (byWeek.get(w)?.billableHours ?? 0), 0);
  const total = billable(window.weeks);
  return {
    weeklyOverview: window.weeks.map((w, i) => ({
      weekNumber: window.labels[i].weekNumber,
      billableHours: round1(byWeek.get(w)?.billableHours ?? 0),
      totalHours: round1(byWeek.get(w)?.totalHours ?? 0),
    })),
    weeklyAverage: window.weeks.length ? round1(total / window.weeks.length) : 0,
    utilizationAverage: utilizationPercent(total, targetPerWeek, window.weeks.length),
    utilizationAverageLastMonth: utilizationPercent(billable(window.lastMonthWeeks), targetPerWeek, window.lastMonthWeeks.length),
    utilizationAverageThisMonth: utilizationPercent(billable(window.thisMonthWeeks), targetPerWeek, window.thisMonthWeeks.length),
  };
}

/** Monday (UTC, ms) of the week holding a day stored as ms: the rollup key, also computed in SQL by weekStartSql. */
export function weekStartOf(dayMs: number): number {
  return mondayOf(new Date(dayMs)).getTime();
}
