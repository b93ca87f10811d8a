-- Microsoft Entra ID (issue 14): the directory sync's cursor per company, the mark for
-- people the sync found removed from the directory, and the lookup of people by object id.
CREATE TABLE `directory_sync` (
	`company_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`link` text,
	`in_round` integer DEFAULT false NOT NULL,
	`last_run_at` integer,
	`last_round_at` integer,
	`next_run_at` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `directory_removed_at` integer;--> statement-breakpoint
CREATE INDEX `users_company_azure_ad_idx` ON `users` (`company_id`,`azure_ad_id`);--> statement-breakpoint
CREATE INDEX `companies_azure_ad_tenant_idx` ON `companies` (`azure_ad_tenant_id`);
