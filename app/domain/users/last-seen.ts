/**
 * How the overview words time (spec: planning.md, section 9). Pure, so the server and the
 * browser render the same text from the same `now`.
 */
const MINUTE_MS = 60_000;
/** Up to this many minutes the time is relative; beyond it the card says '7+ days ago'. */
export const RELATIVE_LIMIT_MINUTES = 9360;

/** Last seen, from lastUpdated: under 10 minutes 'now'; up to 9360 minutes relative; then '7+ days ago'. */
export function lastSeenLabel(lastUpdated: string | null, now: Date | string): string | null {
  if (!lastUpdated) return null;
  const minutes = Math.floor((new Date(now).getTime() - Date.parse(lastUpdated)) / MINUTE_MS);
  if (minutes < 10) return "now";
  if (minutes > RELATIVE_LIMIT_MINUTES) return "7+ days ago";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? "day" : "days"} ago`;
}

/** Experience: years since startYear, 'first year' in the year they started; 0 is 'Before {year}' (30 or more). */
export function experienceLabel(startYear: number | null, now: Date | string): string | null {
  if (startYear === null) return null;
  if (startYear === 0) return "30+ years";
  const years = new Date(now).getUTCFullYear() - startYear;
  if (years <= 0) return "first year";
  return `${years} ${years === 1 ? "year" : "years"}`;
}
