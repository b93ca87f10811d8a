/** Workload levels and their names and colours (spec: planning.md, workload control). */
export const WORKLOAD_LABELS: Record<string, string> = {
  away: "Away",
  "0": "Available",
  "1": "Some availability",
  "2": "Busy",
  "3": "Seriously busy",
};

export function workloadLabel(level: number | string | null | undefined, away = false): string {
  if (away) return WORKLOAD_LABELS.away;
  if (level === null || level === undefined) return "No data";
  return WORKLOAD_LABELS[String(level)] ?? "No data";
}

/** Tailwind background class of a level; grey for none. */
export function workloadColorClass(level: number | string | null | undefined, away = false): string {
  if (away) return "bg-workload-away";
  switch (String(level)) {
    case "0":
      return "bg-workload-0";
    case "1":
      return "bg-workload-1";
    case "2":
      return "bg-workload-2";
    case "3":
      return "bg-workload-3";
    default:
      return "bg-workload-none";
  }
}
