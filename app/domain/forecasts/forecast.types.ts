import type { ForecastStatusValue } from "./statuses";

/** A forecast as the API and every screen see it (dates as ISO instants at UTC midnight). Plain types, for server and browser alike. */
export interface ApiForecast {
  _id: string;
  user: string;
  startDate: string;
  endDate: string;
  status: ForecastStatusValue;
  comment: string | null;
  externalSource: string | null;
}

/** An absence (vacation) as the API and every screen see it. */
export interface ApiVacation {
  _id: string;
  user: string;
  startDate: string;
  endDate: string;
}
