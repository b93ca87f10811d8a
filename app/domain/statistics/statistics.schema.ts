import { z } from "zod";
import { countSchema, idList, sessionIdSchema } from "../schema-kit";
import { STATISTICS_PEOPLE_MAX_LIMIT } from "./statistics.constants";

// The page's constants live apart from the schemas, so the page's JavaScript has no zod (decision 0292).
export * from "./statistics.constants";

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
 * `people` (decision 0290): a page of the per-person figures instead of all of them. Left out,
 * the answer is the spec's full shape (every person in userWorkloadData and data.users).
 */
export const statisticPeopleSchema = z.strictObject(
  {
    limit: countSchema("people.limit", STATISTICS_PEOPLE_MAX_LIMIT),
    offset: z
      .number({ error: "people.offset must be a whole number from 0." })
      .int("people.offset must be a whole number from 0.")
      .min(0, "people.offset must be a whole number from 0.")
      .default(0),
    /** Only people whose rounded average is this level (a doughnut segment: 0 Available .. 3 Seriously busy). */
    level: z
      .number({ error: "people.level must be 0, 1, 2 or 3." })
      .int("people.level must be 0, 1, 2 or 3.")
      .min(0, "people.level must be 0, 1, 2 or 3.")
      .max(3, "people.level must be 0, 1, 2 or 3.")
      .nullish(),
  },
  { error: 'people must be an object such as { "limit": 8 } (limit, offset, level).' },
);

/**
 * The filters: offices and groups (the admin layout: at least one of each), or users holding
 * the caller's own id (the user layout); optionally `people`, a page of the per-person figures.
 */
export const statisticFilterSchema = z.object({
  offices: idList("Offices").optional(),
  groups: idList("Groups").optional(),
  users: idList("Users").optional(),
  term: z.string().max(200).optional(),
  people: statisticPeopleSchema.optional(),
});

export type StatisticQuery = z.infer<typeof statisticQuerySchema>;
export type StatisticFilter = z.infer<typeof statisticFilterSchema>;
export type StatisticPeopleQuery = z.infer<typeof statisticPeopleSchema>;

/** What a request with `people` gets besides the page: how many people match and the whole scope's busy and available counts. */
export interface StatisticPeoplePage {
  /** People with an average (at `level` when asked) in the whole scope; the page is ordered by average, highest first, then by name. */
  total: number;
  offset: number;
  limit: number;
  level: number | null;
  /** People at Seriously busy (or Available) at least BUSY_THRESHOLD of their reported days, over the whole scope. */
  seriouslyBusy: number;
  available: number;
}

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
  /** Only when the request asked for `people`: userWorkloadData and data.users then hold that page alone. */
  people?: StatisticPeoplePage;
  data: {
    offices: { _id: string; name: string }[];
    groups: { _id: string; name: string }[];
    users: { _id: string; name: string; title: string; profilePicture: string | null; office: string | null; group: string | null }[];
    competences: { _id: string; name: string }[];
  };
}
