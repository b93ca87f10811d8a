import { z } from "zod";
import { idList, sessionIdSchema } from "../schema-kit";

/** The spec's statistics constants (planning.md, section 9). */
export const STATISTICS_DEFAULT_DAYS = 120;
/** A person counts as seriously busy (or available) when at that level this share of the time. */
export const BUSY_THRESHOLD = 0.8;
export const MAX_TILES = 8;
export const TOP_COMPETENCES = 5;
/** The longest range one request may ask for (decision 0120). */
export const STATISTICS_MAX_DAYS = 366;

export const STATISTIC_ENTITY = "StatisticInputErrors";

const dayText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD.")
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "Not a date.",
  );

/** ?startDate&endDate of POST /statistic and POST /api/statistics-raw/. Both optional: the defaults are the spec's. */
export const statisticQuerySchema = z.object({
  startDate: dayText.optional(),
  endDate: dayText.optional(),
  sessionId: sessionIdSchema,
});

/**
 * The filters: offices and groups (the admin layout: at least one of each), or users holding
 * the caller's own id (the user layout).
 */
export const statisticFilterSchema = z.object({
  offices: idList("Offices").optional(),
  groups: idList("Groups").optional(),
  users: idList("Users").optional(),
  term: z.string().max(200).optional(),
});

export type StatisticQuery = z.infer<typeof statisticQuerySchema>;
export type StatisticFilter = z.infer<typeof statisticFilterSchema>;

/** The spec's Statistics response. Workload values are stored levels 0..3 (the UI shows +1). */
export interface StatisticsResponse {
  startDate: string;
  endDate: string;
  layout: "admin" | "user";
  averageWorkloadOverTime: { date: string; value: number | null }[];
  /** People by their average level over the range, rounded: [Available, Some availability, Busy, Seriously busy]. */
  workloadDistributions: [number, number, number, number];
  averageWorkload: number | null;
  userWorkloadData: Record<string, { avgWorkload: number | null; portionOfSeriouslyBusy: number | null; portionOfAvailable: number | null }>;
  teamWorkload: Record<string, { avgWorkload: number | null; nbrOfUsers: number }>;
  workloadForecast: { lower: number; higher: number };
  nbrOfUsers: number;
  WFHToWorkloadCorrelation: { points: { homeDaysPerWeek: number; avgWorkload: number; nbrOfUsers: number }[]; r: number | null };
  nbrOfHomeDaysPerWeek: [number, number, number, number, number, number];
  workFromHomePerWeekday: { weekday: string; percentAtHome: number | null }[];
  portionOfUsersWorkingFromHomeOverTime: { date: string; portionAtHome: number | null }[];
  competenceWorkload: Record<string, { nbrOfUsers: number; avgWorkload: number | null }>;
  percentOfMoreThan4daysHome: number | null;
  percentOfMoreThan4daysAtOffice: number | null;
  peakOfficeOccupancy: number | null;
  percentOnLeave: number | null;
  data: {
    offices: { _id: string; name: string }[];
    groups: { _id: string; name: string }[];
    users: { _id: string; name: string; title: string; profilePicture: string | null; office: string | null; group: string | null }[];
    competences: { _id: string; name: string }[];
  };
}
