-- Issue 13 (speed): the detailed report and the user card read a person's billable matters of the
-- last N days from this index alone (decision 0190); it replaces matter_time_entries_user_idx,
-- whose columns it starts with.
DROP INDEX IF EXISTS `matter_time_entries_user_idx`;--> statement-breakpoint
CREATE INDEX `matter_time_entries_user_report_idx` ON `matter_time_entries` (`user_id`,`date`,`billable`,`matter_id`,`hours`,`company_id`);
