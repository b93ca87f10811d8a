/** What the projects list shows: plain values, so the list's JavaScript has no zod. */

/**
 * Projects per group /projects renders at first; 'Show more' adds as many again. Keeps the
 * page's size bounded as a firm's projects grow (the bench compares 200 with 2,000).
 */
export const PROJECTS_PAGE = 50;

/** Score shown in lists: average workload + 1, one decimal ('–' when nobody has a workload). */
export function projectScore(averageWorkload: number | null): string {
  return averageWorkload === null ? "–" : (averageWorkload + 1).toFixed(1);
}
