ALTER TABLE `companies` ADD `second_factor_required_at` integer;--> statement-breakpoint
ALTER TABLE `companies` ADD `second_factor_grace_days` integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `by_password` integer DEFAULT false NOT NULL;