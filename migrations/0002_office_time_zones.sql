-- Issue 16: each office's IANA time zone decides what "today" is for its people; null means the company's zone.
ALTER TABLE `offices` ADD `time_zone` text;
--> statement-breakpoint
-- The person's local day of each workload change; earlier rows were UTC days.
ALTER TABLE `workload_history` ADD `day` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `workload_history` SET `day` = `recorded_at` - (`recorded_at` % 86400000);
