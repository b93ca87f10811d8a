import type { ApiForecast, ApiVacation } from "../forecasts/forecast.types";

/** What the planner shows (getPlanner in planner.server.ts): plain types, for server and browser alike. */

export interface PlannerPerson {
  _id: string;
  /** This person's today ("YYYY-MM-DD"), for their row's placeholder. */
  today: string;
  name: string;
  title: string;
  picture: string | null;
  currentWorkload: number | null;
  onLeave: boolean;
}

export interface PlannerData {
  today: string;
  from: string;
  to: string;
  viewer: { id: string; admin: boolean; administratorPriviliges: boolean; companyAdmin: boolean };
  settings: { enableNewForecasting: boolean; absencePlannerviewOnly: boolean };
  commentLimit: number;
  people: PlannerPerson[];
  forecasts: ApiForecast[];
  vacations: ApiVacation[];
}
