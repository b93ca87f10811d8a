/**
 * The users filter's vocabulary and the overview page's address, without zod, so the
 * browser can use it without downloading the schema library (see filter.schema.ts).
 *
 * A selection is a list of ids, or ["all"] for 'All offices' / 'All groups'. 'All' is
 * exclusive of other options of the same type; an empty list means nothing is selected
 * (the filter bar then shows 'No office selected' / 'No group selected' and nobody matches).
 */
export const ALL = "all";

export type Selection = typeof ALL | string[];

export const OVERVIEW_SORTS = ["lastUpdated", "name", "workloadHighLow", "workloadLowHigh", "experience"] as const;
export type OverviewSort = (typeof OVERVIEW_SORTS)[number];

export const SORT_LABELS: Record<OverviewSort, string> = {
  lastUpdated: "Last updated",
  name: "Name",
  workloadHighLow: "Workload (high-low)",
  workloadLowHigh: "Workload (low-high)",
  experience: "Experience",
};

/** People per page of the overview grid: a whole number of rows at 1, 2, 3 and 4 cards a row. */
export const OVERVIEW_PAGE_SIZE = 48;
/** 'Show more' stops here (10 pages); past it the search or the filter narrows the list. */
export const OVERVIEW_MAX_SHOWN = 480;
/** Largest page POST /users/filtered answers. */
export const FILTERED_MAX_LIMIT = 200;

export const TERM_MAX = 100;

/** The part of the filter the overview page keeps in its address and in browser storage. */
export interface OverviewQuery {
  offices: Selection;
  groups: Selection;
  term: string;
  sort: OverviewSort;
  /** People on any of these projects (the filter bar's projects filter); left out: anyone. */
  projects?: string[];
  /** People holding any of these competences (the filter bar's competence filter); left out: anyone. */
  competences?: string[];
  /** People with any of these CV items (titles; each its own `cv` parameter, titles may hold commas); left out: anyone. */
  cvpartnerData?: string[];
}

const QUERY_KEYS = ["offices", "groups", "q", "sort", "projects", "competences", "cv"] as const;

/** Whether the address names a filter at all; without one the page uses the saved or default filter. */
export function hasOverviewQuery(params: URLSearchParams): boolean {
  return QUERY_KEYS.some((key) => params.has(key));
}

function readSelection(value: string | null): Selection {
  if (value === null) return ALL;
  const list = value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && part.length <= 64)
    .slice(0, 500);
  // A hand-edited address that mixes 'all' with ids: 'all' wins, as in the filter bar.
  return list.includes(ALL) ? ALL : [...new Set(list)];
}

/** Lenient: the address is typed by people, so anything odd falls back rather than failing. */
export function readOverviewQuery(params: URLSearchParams): OverviewQuery {
  const sort = params.get("sort");
  return {
    offices: readSelection(params.get("offices")),
    groups: readSelection(params.get("groups")),
    term: (params.get("q") ?? "").trim().slice(0, TERM_MAX),
    sort: (OVERVIEW_SORTS as readonly string[]).includes(sort ?? "") ? (sort as OverviewSort) : "lastUpdated",
    ...idsOf("projects", params.get("projects")),
    ...idsOf("competences", params.get("competences")),
    ...cvOf(params.getAll("cv")),
  };
}

function cvOf(values: string[]): { cvpartnerData?: string[] } {
  const list = [...new Set(values.map((value) => value.trim()).filter((value) => value.length > 0 && value.length <= 300))].slice(0, 100);
  return list.length ? { cvpartnerData: list } : {};
}

function idsOf<K extends "projects" | "competences">(key: K, value: string | null): { [P in K]?: string[] } {
  const list = readSelection(value);
  return (list === ALL || list.length === 0 ? {} : { [key]: list }) as { [P in K]?: string[] };
}

export function writeOverviewQuery(query: OverviewQuery, show?: number): URLSearchParams {
  const params = new URLSearchParams();
  params.set("offices", query.offices === ALL ? ALL : query.offices.join(","));
  params.set("groups", query.groups === ALL ? ALL : query.groups.join(","));
  if (query.term) params.set("q", query.term);
  params.set("sort", query.sort);
  if (query.projects?.length) params.set("projects", query.projects.join(","));
  if (query.competences?.length) params.set("competences", query.competences.join(","));
  for (const title of query.cvpartnerData ?? []) params.append("cv", title);
  if (show && show > OVERVIEW_PAGE_SIZE) params.set("show", String(show));
  return params;
}

/** How many people the page shows: whole pages, at least one, at most OVERVIEW_MAX_SHOWN. */
export function readShown(params: URLSearchParams): number {
  const asked = Number.parseInt(params.get("show") ?? "", 10);
  if (!Number.isFinite(asked) || asked <= OVERVIEW_PAGE_SIZE) return OVERVIEW_PAGE_SIZE;
  return Math.min(OVERVIEW_MAX_SHOWN, Math.ceil(asked / OVERVIEW_PAGE_SIZE) * OVERVIEW_PAGE_SIZE);
}

/**
 * The filter bar's rule for a multi-select change: picking 'All …' drops the other options
 * of that type, and picking a single option drops 'All …' of that type.
 */
export function toggleSelection(current: Selection, picked: string): Selection {
  if (picked === ALL) return current === ALL ? [] : ALL;
  if (current === ALL) return [picked];
  return current.includes(picked) ? current.filter((id) => id !== picked) : [...current, picked];
}
