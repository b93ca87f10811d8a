CREATE TABLE `data_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'preparing' NOT NULL,
	`section` integer DEFAULT 0 NOT NULL,
	`cursor` text,
	`parts` integer DEFAULT 0 NOT NULL,
	`rows` integer DEFAULT 0 NOT NULL,
	`steps` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`ready_at` integer,
	`expires_at` integer,
	`json_used_at` integer,
	`xlsx_used_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_exports_user_idx` ON `data_exports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `data_exports_status_idx` ON `data_exports` (`status`);--> statement-breakpoint
ALTER TABLE `users` ADD `erased_at` integer;