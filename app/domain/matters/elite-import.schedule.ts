/**
 * The 3E import's schedule and its secret's name (decision 0133), in a module of their own with
 * no imports: the seed (scripts/seed-time-keeping.ts) runs in Node, where the import itself (its
 * system context, realtime, the Worker's modules) cannot load.
 */
export const RUN_INTERVAL_MS = 15 * 60 * 1000;
/** How far back of the last run's start a run looks again, for clocks that disagree. */
export const SINCE_OVERLAP_MS = 5 * 60 * 1000;
export const BACKOFF_BASE_MS = 5 * 60 * 1000;
export const BACKOFF_MAX_MS = 6 * 60 * 60 * 1000;
/** Pages per company per invocation: bounds the CPU of one cron call (see bench/elite-import.ts). */
export const PAGES_PER_INVOCATION = 12;

export const eliteSecretPurpose = (companyId: string) => `companies.elite3e_client_secret:${companyId}`;
