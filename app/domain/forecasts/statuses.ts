export { FORECAST_STATUSES, OUTLOOK_SOURCE, type ForecastStatusValue } from "~/db/schema/forecast-statuses";
