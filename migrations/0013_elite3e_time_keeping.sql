-- Issue 13: the Elite 3E import, the detailed and utilization reports, confidential matters.
ALTER TABLE `companies` ADD `elite3e_endpoint` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `elite3e_client_id` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `elite3e_client_secret` text;--> statement-breakpoint
ALTER TABLE `users` ADD `timekeeper_number` text;--> statement-breakpoint
ALTER TABLE `users` ADD `utilization_target_hours` real;--> statement-breakpoint
ALTER TABLE `matters` ADD `responsible_timekeeper_number` text;--> statement-breakpoint
ALTER TABLE `matters` ADD `open` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `matters` ADD `billable` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `matters` ADD `confidential_source` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `matters` ADD `confidential_admin` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `matters` ADD `modified_at` integer;--> statement-breakpoint
ALTER TABLE `matter_time_entries` ADD `external_id` text;--> statement-breakpoint
ALTER TABLE `matter_time_entries` ADD `modified_at` integer;--> statement-breakpoint
CREATE INDEX `matter_time_entries_user_matter_idx` ON `matter_time_entries` (`user_id`,`matter_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `matter_time_entries_external_unique` ON `matter_time_entries` (`company_id`,`external_id`);--> statement-breakpoint
CREATE TABLE `user_week_hours` (
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`week_start` integer NOT NULL,
	`billable_hours` real DEFAULT 0 NOT NULL,
	`total_hours` real DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `week_start`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_week_hours_company_idx` ON `user_week_hours` (`company_id`,`week_start`);--> statement-breakpoint
CREATE TABLE `timekeepers` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`number` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`email` text,
	`user_id` text,
	`modified_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `timekeepers_company_number_unique` ON `timekeepers` (`company_id`,`number`);--> statement-breakpoint
CREATE TABLE `elite_imports` (
	`company_id` text PRIMARY KEY NOT NULL,
	`phase` text DEFAULT 'timekeepers' NOT NULL,
	`page` integer DEFAULT 1 NOT NULL,
	`since` integer,
	`run_started_at` integer,
	`last_success_at` integer,
	`last_error` text,
	`last_error_at` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`cards_imported` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
