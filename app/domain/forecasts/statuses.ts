/** Away plus the four workload levels. Kept free of zod for the browser. */
export const FORECAST_STATUSES = ["away", "0", "1", "2", "3"] as const;
export type ForecastStatusValue = (typeof FORECAST_STATUSES)[number];
