CREATE TABLE `outlook_away_events` (
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`start_date` integer NOT NULL,
	`end_date` integer NOT NULL,
	`seen_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `event_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outlook_away_events_company_idx` ON `outlook_away_events` (`company_id`);--> statement-breakpoint
CREATE TABLE `outlook_calendar_sync` (
	`user_id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`enabled_at` integer NOT NULL,
	`link` text,
	`in_round` integer DEFAULT false NOT NULL,
	`round_started_at` integer,
	`window_start` integer,
	`last_synced_at` integer,
	`next_run_at` integer NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outlook_calendar_sync_due_idx` ON `outlook_calendar_sync` (`next_run_at`);--> statement-breakpoint
CREATE INDEX `outlook_calendar_sync_company_idx` ON `outlook_calendar_sync` (`company_id`);--> statement-breakpoint
ALTER TABLE `forecasts` ADD `outlook_event_id` text;--> statement-breakpoint
CREATE INDEX `forecasts_user_outlook_idx` ON `forecasts` (`user_id`,`outlook_event_id`);