import { mondayOf, startOfUtcDay } from "~/lib/dates";

/**
 * The Monday before which a firm's history is rolled, for a retention of `months` and the
 * firm's `today` (decision 0308). A plain module: the company page's dialog says which day a
 * shorter retention reaches back to, and the company admins' notice names it.
 */
export function retentionCutoff(today: Date, months: number): number {
  const d = startOfUtcDay(today);
  const back = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1));
  // The same day of the month, or the month's last when it is shorter (31 March less one month: 28/29 February).
  const lastOfMonth = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
  back.setUTCDate(Math.min(d.getUTCDate(), lastOfMonth));
  return mondayOf(back).getTime();
}

/** Whether going from `before` to `after` months (null: for ever) keeps less history: it deletes, so it takes the step-up. */
export function shortensRetention(before: number | null, after: number | null): boolean {
  return after !== null && (before === null || after < before);
}
