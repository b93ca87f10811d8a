import type { DetailedLayout, MatterSort, SortDir, TimekeeperSort, UtilizationSort } from "./report-sorts";
import type { UtilizationFigures } from "./utilization";

/**
 * What the detailed and utilization reports and the user card's Matters section answer
 * (reports.server.ts): plain types, so the report views import them without a server module.
 */

/** The overview page's tabs: the grid, and the two reports. */
export type ReportView = "overview" | "detailed" | "utilization";

export interface ReportMatter {
  number: string;
  displayName: string;
  clientDisplayName: string;
  confidential: boolean;
  /** The lead partner: the matched person, else the responsible timekeeper's name in 3E. */
  resposibleTimekeeperName: string | null;
  hours?: number;
  comment?: string;
  manager?: boolean;
}

/** A person as the Detailed layouts and the Utilization report show them: who, and their status today. */
export interface ReportPerson {
  userId: string;
  displayName: string;
  title: string;
  profilePicture: string | null;
  currentWorkload: number | null;
  futureWorkload: number | null;
  onLeave: boolean;
  away: boolean;
  /** A timekeeper in 3E; others show 'Not in time keeping' instead of zero hours (issue 27, item 16). */
  inTimeKeeping: boolean;
}

export interface TimekeeperReportRow extends ReportPerson {
  /** The 'General comment' row: the person's status message. */
  message: string;
  /** Matters the person recorded billable time on in the last N days, most hours first. */
  matters: ReportMatter[];
  hours?: number;
}

/** A matter in the Matters layout: the matter as a person's row names it, its total and its timekeepers. */
export interface MatterReportRow extends Omit<ReportMatter, "hours" | "comment" | "manager"> {
  totalHours?: number;
  timekeepers: (ReportPerson & {
    hours?: number;
    comment?: string;
    manager?: boolean;
  })[];
}

export interface DetailedReport {
  timeperiod: number;
  emptyText: string;
  /** The search the rows answer ('' for none). */
  search: string;
  columns: { hours: boolean; comments: boolean; pm: boolean };
  /** The one layout this answer holds (decision 0205); the other list is empty. */
  layout: DetailedLayout;
  /** The order the server put the rows in; an hours sort without the hours columns counts people or matters instead. */
  sort: { key: TimekeeperSort | MatterSort; dir: SortDir };
  page: number;
  pageSize: number;
  /** Rows of the layout across all pages. */
  total: number;
  timekeepers: TimekeeperReportRow[];
  matters: MatterReportRow[];
}

export interface UtilizationRow extends UtilizationFigures, ReportPerson {
  /** Billable hours a week that count as 100 %. */
  targetHours: number;
  /** AVERAGE STATUS: the mean workload level recorded over the reported weeks. */
  avgWorkload: number | null;
}

export interface UtilizationReport {
  /** false: 'My Utilization', the caller's own row only. */
  others: boolean;
  months: boolean;
  weeks: { weekNumber: number; weekStart: string }[];
  /** The order the server put the rows in (decision 0226). */
  sort: { key: UtilizationSort; dir: SortDir };
  page: number;
  pageSize: number;
  /** Rows across all pages. */
  total: number;
  rows: UtilizationRow[];
}

export interface CardMatter {
  number: string;
  displayName: string;
  clientDisplayName: string;
  confidential: boolean;
  resposibleTimekeeperName: string | null;
  comment: string;
}
