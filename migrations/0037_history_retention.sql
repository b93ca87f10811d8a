-- Issue 29, item 4 (decision 0308): history retention. Raw history older than the firm's
-- retention is rolled into one row per person per ISO week (workload_weekly) and deleted by a
-- bounded cron step; history_retention_state is each firm's cursor.
CREATE TABLE `history_retention_state` (
	`company_id` text PRIMARY KEY NOT NULL,
	`rolled_before` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `workload_weekly` (
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`week` integer NOT NULL,
	`group_id` text DEFAULT '' NOT NULL,
	`office_id` text DEFAULT '' NOT NULL,
	`days` integer NOT NULL,
	`reported` integer NOT NULL,
	`level_sum` integer NOT NULL,
	`level_min` integer,
	`level_max` integer,
	`away` integer NOT NULL,
	`office` integer NOT NULL,
	`home` integer NOT NULL,
	`absent` integer NOT NULL,
	`elsewhere` integer NOT NULL,
	`day_codes` integer NOT NULL,
	`cum_days` integer NOT NULL,
	`cum_reported` integer NOT NULL,
	`cum_level_sum` integer NOT NULL,
	`cum_level0` integer NOT NULL,
	`cum_level3` integer NOT NULL,
	`cum_home` integer NOT NULL,
	`cum_away` integer NOT NULL,
	PRIMARY KEY(`user_id`, `week`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workload_weekly_company_week_idx` ON `workload_weekly` (`company_id`,`week`);--> statement-breakpoint
ALTER TABLE `companies` ADD `history_retention_months` integer DEFAULT 13;;--> statement-breakpoint
-- Firms that exist now keep their raw history for ever until their company admin chooses a
-- retention: deleting years of history on deploy is not ours to decide. New firms get 13.
UPDATE `companies` SET `history_retention_months` = NULL;--> statement-breakpoint
-- Deleting history the retention has rolled (older than rolled_before) changes nothing the
-- statistics show: it must not mark the rollups dirty (migration 0022), or every step would
-- send the statistics back to re-roll from a deleted past.
DROP TRIGGER `stat_dirty_workload_history_delete`;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_workload_history_delete` AFTER DELETE ON `workload_history`
WHEN OLD.`recorded_at` >= coalesce((SELECT `rolled_before` FROM `history_retention_state` WHERE `company_id` = OLD.`company_id`), 0) BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, OLD.`recorded_at` - OLD.`recorded_at` % 86400000), OLD.`recorded_at` - OLD.`recorded_at` % 86400000) WHERE `company_id` = OLD.`company_id`;
END;