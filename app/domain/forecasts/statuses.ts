export { FORECAST_STATUSES, type ForecastStatusValue } from "~/db/schema/forecast-statuses";

/**
 * The outside source of away days taken from a person's Outlook calendar (decision 0304).
 * Unlike other sources' forecasts, the person may change them: the change makes the day theirs.
 */
export const OUTLOOK_SOURCE = "Outlook";
