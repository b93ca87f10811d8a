/** The time-keeping reports' layouts, orders and pages: plain values, so the report views import them without zod. */

/** Rows of the detailed report per answer (decision 0205): one layout, one page, sorted by the server. */
export const DETAILED_PAGE_SIZE = 50;
export const DETAILED_LAYOUTS = ["timekeepers", "matters"] as const;
export const TIMEKEEPER_SORTS = ["name", "status", "forecast", "matters", "hours"] as const;
export const MATTER_SORTS = ["matter", "lead", "hours"] as const;
export type DetailedLayout = (typeof DETAILED_LAYOUTS)[number];
export type TimekeeperSort = (typeof TIMEKEEPER_SORTS)[number];
export type MatterSort = (typeof MATTER_SORTS)[number];
export type SortDir = "asc" | "desc";
/** Each column's first direction: names A-Z, statuses low to high, counts and hours most first. */
export const NATURAL_DIR: Record<TimekeeperSort | MatterSort, SortDir> = {
  name: "asc",
  status: "asc",
  forecast: "asc",
  matters: "desc",
  hours: "desc",
  matter: "asc",
  lead: "asc",
};
export const DEFAULT_SORT: Record<DetailedLayout, TimekeeperSort | MatterSort> = { timekeepers: "name", matters: "hours" };

/**
 * The utilization report's orders (decision 0226): the fixed columns, and per reported week
 * (0 = the oldest) `w{i}` by billable and `nb{i}` by non-billable hours. Rows per answer: as the detailed report.
 */
export const UTILIZATION_SORTS = ["name", "status", "forecast", "average", "utilization", "lastMonth", "thisMonth", "avgStatus"] as const;
export type UtilizationSort = (typeof UTILIZATION_SORTS)[number] | `w${number}` | `nb${number}`;
export const UTILIZATION_SORT_PATTERN = new RegExp(`^(?:${UTILIZATION_SORTS.join("|")}|w\\d{1,2}|nb\\d{1,2})$`);
export const isUtilizationSortKey = (v: unknown): v is UtilizationSort => typeof v === "string" && UTILIZATION_SORT_PATTERN.test(v);
/** Names A-Z and statuses low to high first; hours, utilization and the average status most first. */
export const utilizationNaturalDir = (key: UtilizationSort): SortDir => (key === "name" || key === "status" || key === "forecast" ? "asc" : "desc");
