/** Away plus the four workload levels: the one list behind the column, the schemas and the UI (no imports, so the browser can have it). */
export const FORECAST_STATUSES = ["away", "0", "1", "2", "3"] as const;
export type ForecastStatusValue = (typeof FORECAST_STATUSES)[number];

/**
 * The outside source of away days taken from a person's Outlook calendar (decision 0304).
 * Unlike other sources' forecasts, the person may change them: the change makes the day theirs.
 */
export const OUTLOOK_SOURCE = "Outlook";
