import type { ApiForecast } from "../forecasts/forecast.types";

/** What the overview grid and its filter bar show: plain types, for server and browser alike. */

export interface FilterOptions {
  groups: { _id: string; name: string }[];
  offices: { _id: string; name: string; groupName: string | null }[];
  allGroups: boolean;
  allOffices: boolean;
}

export interface OverviewLocation {
  /** The working day it is for: today, or Monday on a weekend. */
  day: string;
  option: 0 | 1 | 2 | 3;
  label: string;
}

/** A person as the overview grid shows them: only what a card needs. */
export interface OverviewUser {
  _id: string;
  /** The person's today ("YYYY-MM-DD"), in their office's time zone: their card's "Today" and "Now" read it. */
  today: string;
  name: string;
  title: string;
  profilePicture: string | null;
  currentWorkload: number | null;
  onLeave: boolean;
  /** On leave or on vacation today (the sort's 'away'); a card with 'Absent' as today's work location says 'Away' too (decision 0271). */
  away: boolean;
  message: { message: string };
  lastUpdated: string | null;
  startYear: number | null;
  /** The forecast covering today, or else the next one. */
  forecast: ApiForecast | null;
  /** Where they work today, from the rolling week (null when not set or work location is off). */
  location: OverviewLocation | null;
}

export interface FilteredUsers {
  users: OverviewUser[];
  total: number;
  offset: number;
  limit: number;
}
