/**
 * The update reminders' own cron (wrangler.toml lists it next to the housekeeping one): every
 * five minutes, two minutes after the housekeeping run. It sends the reminders that are due at
 * its scheduled time (09:xx local, decision 0170) and the mail that is due; nothing else, so
 * triggering it (`/cdn-cgi/handler/scheduled?cron=…&time=…` under wrangler dev) reminds
 * without running the imports and syncs (decision 0196).
 */
export const REMINDER_CRON = "2,7,12,17,22,27,32,37,42,47,52,57 * * * *";
