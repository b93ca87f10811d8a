ALTER TABLE `audit_log` ADD `client` text;--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`company_id`,`actor_id`,`created_at`);