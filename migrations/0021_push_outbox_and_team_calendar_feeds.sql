-- Issue 12: update reminders also go as an APNs push to the iOS app (decision 0197), and
-- administrators' team calendar feeds by office and group (decision 0198).
CREATE TABLE `push_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`device_token` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer,
	`expires_at` integer NOT NULL,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `push_outbox_status_idx` ON `push_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `push_outbox_user_idx` ON `push_outbox` (`user_id`);--> statement-breakpoint
ALTER TABLE `calendar_feeds` ADD `kind` text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE `calendar_feeds` ADD `office_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `calendar_feeds` ADD `group_ids` text DEFAULT '[]' NOT NULL;
