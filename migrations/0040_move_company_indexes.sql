CREATE INDEX `web_push_subscriptions_company_idx` ON `web_push_subscriptions` (`company_id`);--> statement-breakpoint
CREATE INDEX `push_outbox_company_idx` ON `push_outbox` (`company_id`);--> statement-breakpoint
CREATE INDEX `calendar_feeds_company_idx` ON `calendar_feeds` (`company_id`);--> statement-breakpoint
CREATE INDEX `email_change_tokens_company_idx` ON `email_change_tokens` (`company_id`);--> statement-breakpoint
CREATE INDEX `data_exports_company_idx` ON `data_exports` (`company_id`);