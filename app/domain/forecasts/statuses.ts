export { FORECAST_STATUSES, type ForecastStatusValue } from "~/db/schema/forecast-statuses";
