-- Issue 11: the CV service import (decision 0112) and the competence indexes.
ALTER TABLE `companies` ADD `cv_service_url` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `cv_service_key` text;--> statement-breakpoint
ALTER TABLE `cv_items` ADD `external_id` text;--> statement-breakpoint
CREATE INDEX `cv_items_user_external_idx` ON `cv_items` (`user_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `competences_company_external_idx` ON `competences` (`company_id`,`external_source`,`name`);--> statement-breakpoint
CREATE TABLE `cv_imports` (
	`company_id` text PRIMARY KEY NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`people_seen` integer DEFAULT 0 NOT NULL,
	`people_matched` integer DEFAULT 0 NOT NULL,
	`last_attempt_at` integer,
	`last_success_at` integer,
	`last_error` text,
	`failures` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
