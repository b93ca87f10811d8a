/**
 * The firm's history retention (decision 0308), in months: raw history older than this is
 * rolled into weekly rows. A plain module: the company page's dialog shows the same limits.
 *
 * At least 13: the statistics take ranges of up to 366 days and the history charts up to 365,
 * so a year compared with the one before (the same weeks a year ago) stays on raw history;
 * 13 months is also what new firms start with. At most 120 (ten years), or null: kept for ever.
 */
export const MIN_RETENTION_MONTHS = 13;
export const MAX_RETENTION_MONTHS = 120;
export const DEFAULT_RETENTION_MONTHS = 13;
export const RETENTION_MONTHS_MESSAGE = `History retention must be a whole number of months from ${MIN_RETENTION_MONTHS} to ${MAX_RETENTION_MONTHS}, or empty to keep history for ever.`;
