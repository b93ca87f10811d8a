CREATE TABLE `stat_days` (
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`day` integer NOT NULL,
	`group_id` text DEFAULT '' NOT NULL,
	`office_id` text DEFAULT '' NOT NULL,
	`level` integer,
	`away` integer DEFAULT 0 NOT NULL,
	`location` integer,
	`cum_days` integer NOT NULL,
	`cum_reported` integer NOT NULL,
	`cum_level_sum` integer NOT NULL,
	`cum_level0` integer NOT NULL,
	`cum_level3` integer NOT NULL,
	`cum_home` integer NOT NULL,
	`cum_away` integer NOT NULL,
	`week_home` integer NOT NULL,
	`week_office` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stat_days_company_day_idx` ON `stat_days` (`company_id`,`day`);
--> statement-breakpoint
CREATE TABLE `stat_team_days` (
	`company_id` text NOT NULL,
	`group_id` text NOT NULL,
	`office_id` text NOT NULL,
	`day` integer NOT NULL,
	`people` integer NOT NULL,
	`reported` integer NOT NULL,
	`level_sum` integer NOT NULL,
	`away` integer NOT NULL,
	`home` integer NOT NULL,
	`office` integer NOT NULL,
	`located` integer NOT NULL,
	`week_home_hist` text NOT NULL,
	`week_office_hist` text NOT NULL,
	PRIMARY KEY(`company_id`, `day`, `group_id`, `office_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `stat_rollup_state` (
	`company_id` text PRIMARY KEY NOT NULL,
	`rolled_through` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `update_reminders` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`sent_at` integer NOT NULL,
	`answered_at` integer,
	`answer` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `update_reminders_user_idx` ON `update_reminders` (`user_id`,`sent_at`);
--> statement-breakpoint
CREATE INDEX `update_reminders_company_idx` ON `update_reminders` (`company_id`);
--> statement-breakpoint
CREATE INDEX `usage_events_created_idx` ON `usage_events` (`created_at`);
