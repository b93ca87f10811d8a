/**
 * The one workload scale (issue 27, item 14): every screen names and colours a level from
 * here. Levels are stored 0 to 3; where a number is shown it is the level + 1, so the scale
 * reads 1 Available to 4 Seriously busy (spec: planning.md, forecast status and project scores).
 */
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

/** The levels in order, 0 to 3. */
export const WORKLOAD_LEVELS = [0, 1, 2, 3] as const;

/** A level's number as shown: 1 (Available) to 4 (Seriously busy), one decimal; '–' for none. */
export function workloadScore(level: number | null | undefined): string {
  return level === null || level === undefined ? "–" : (level + 1).toFixed(1);
}

/** The level an average is closest to, for its name and colour. */
export function nearestLevel(average: number | null | undefined): number | null {
  if (average === null || average === undefined || Number.isNaN(average)) return null;
  return Math.min(3, Math.max(0, Math.round(average)));
}

/** A level's colour as a CSS value, for SVG charts (the same tokens as the classes above). */
export function workloadColorVar(level: number | string | null | undefined, away = false): string {
  const key = away ? "away" : level === null || level === undefined || !(String(level) in WORKLOAD_LABELS) ? "none" : String(level);
  return `var(--color-workload-${key})`;
}

/** The scale in words, for captions: "1 Available to 4 Seriously busy". */
export const WORKLOAD_SCALE_TEXT = `1 ${WORKLOAD_LABELS["0"]} to 4 ${WORKLOAD_LABELS["3"]}`;

/** What the staffing search calls free, in the words of the scale. */
export const FREE_LEVELS = `${WORKLOAD_LABELS["0"]} or ${WORKLOAD_LABELS["1"].toLowerCase()}`;
