import type { ApiForecast, ApiVacation } from "../forecasts/forecast.types";
import type { CardMatter } from "../matters/reports.types";

/** The user detail card (getUserCard in user-card.server.ts): plain types, for server and browser alike. */
export interface UserCard {
  /** The person's today (their office's zone), not the reader's. */
  today: string;
  now: string;
  user: {
    _id: string;
    name: string;
    email: string;
    phone: string | null;
    title: string;
    profilePicture: string | null;
    team: string;
    secondaryTeam: string;
    currentWorkload: number | null;
    onLeave: boolean;
    away: boolean;
    message: string;
    lastUpdated: string | null;
    startYear: number | null;
  };
  forecasts: ApiForecast[];
  vacations: ApiVacation[];
  /** null: the company turned projects off; the card shows the section only when there are rows. */
  projects: { _id: string; name: string; startDate: string | null; endDate: string | null }[] | null;
  competences: { _id: string; competenceId: string; name: string; category: string | null; level: number | null; levelName: string | null }[] | null;
  cvItems: { _id: string; title: string }[];
  /** The Matters section (null: the company does not use time keeping); confidential names only as allowed. */
  matters: CardMatter[] | null;
  mattersTimeperiod: number;
  /** null: the caller may not add competences to this person (or the company turned them off). */
  addableCompetences: { _id: string; name: string }[] | null;
}
