CREATE INDEX `web_push_subscriptions_company_idx` ON `web_push_subscriptions` (`company_id`);--> statement-breakpoint
CREATE INDEX `push_outbox_company_idx` ON `push_outbox` (`company_id`);--> statement-breakpoint
CREATE INDEX `calendar_feeds_company_idx` ON `calendar_feeds` (`company_id`);--> statement-breakpoint
CREATE INDEX `email_change_tokens_company_idx` ON `email_change_tokens` (`company_id`);--> statement-breakpoint
CREATE INDEX `data_exports_company_idx` ON `data_exports` (`company_id`);--> statement-breakpoint
-- Web Push endpoints in the installation directory (decision 0318): a registration, a takeover
-- (another person's browser profile now) or a removal is noted for the flush, as a person's
-- address is (0038), and as those, silent for a firm arriving on or gone from this shard (0039).
CREATE TRIGGER `directory_push_insert` AFTER INSERT ON `web_push_subscriptions`
WHEN NOT EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('incoming', 'gone')) BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('push', NEW.`endpoint`, NEW.`company_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `directory_push_update` AFTER UPDATE OF `endpoint`, `company_id`, `user_id`, `created_at` ON `web_push_subscriptions`
WHEN (OLD.`endpoint` IS NOT NEW.`endpoint` OR OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`created_at` IS NOT NEW.`created_at`)
  AND NOT EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('incoming', 'gone')) BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('push', OLD.`endpoint`, OLD.`company_id`);
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('push', NEW.`endpoint`, NEW.`company_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `directory_push_delete` AFTER DELETE ON `web_push_subscriptions`
WHEN NOT EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('incoming', 'gone')) BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('push', OLD.`endpoint`, OLD.`company_id`);
END;
