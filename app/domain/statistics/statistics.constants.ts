/** The spec's statistics constants (planning.md, section 9). */
export const STATISTICS_DEFAULT_DAYS = 120;
/** A person counts as seriously busy (or available) when at that level this share of the time. */
export const BUSY_THRESHOLD = 0.8;
export const MAX_TILES = 8;
export const TOP_COMPETENCES = 5;
/** The longest range one request may ask for (decision 0120). */
export const STATISTICS_MAX_DAYS = 366;

/** The most people one page of `people` may ask for. */
export const STATISTICS_PEOPLE_MAX_LIMIT = 500;
