/** Away plus the four workload levels: the one list behind the column, the schemas and the UI (no imports, so the browser can have it). */
export const FORECAST_STATUSES = ["away", "0", "1", "2", "3"] as const;
export type ForecastStatusValue = (typeof FORECAST_STATUSES)[number];
