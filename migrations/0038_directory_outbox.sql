CREATE TABLE `directory_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`company_id` text NOT NULL
);
--> statement-breakpoint
-- The installation directory's outbox (decision 0312): every change to a person's address or
-- firm, a firm's name or Microsoft tenant, or a claimed domain, noted in the same transaction.
CREATE TRIGGER `directory_person_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('person', NEW.`id`, NEW.`company_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `directory_person_update` AFTER UPDATE OF `email`, `company_id` ON `users`
WHEN OLD.`email` IS NOT NEW.`email` OR OLD.`company_id` IS NOT NEW.`company_id` BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('person', NEW.`id`, NEW.`company_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `directory_person_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('person', OLD.`id`, OLD.`company_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `directory_firm_insert` AFTER INSERT ON `companies` BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('firm', NEW.`id`, NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `directory_firm_update` AFTER UPDATE OF `name`, `azure_ad_tenant_id` ON `companies`
WHEN OLD.`name` IS NOT NEW.`name` OR OLD.`azure_ad_tenant_id` IS NOT NEW.`azure_ad_tenant_id` BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('firm', NEW.`id`, NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `directory_firm_delete` AFTER DELETE ON `companies` BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('firm', OLD.`id`, OLD.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `directory_domain_insert` AFTER INSERT ON `company_domains` BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('domain', NEW.`domain`, NEW.`company_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `directory_domain_update` AFTER UPDATE OF `company_id`, `verified_at` ON `company_domains`
WHEN OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`verified_at` IS NOT NEW.`verified_at` BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('domain', NEW.`domain`, NEW.`company_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `directory_domain_delete` AFTER DELETE ON `company_domains` BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('domain', OLD.`domain`, OLD.`company_id`);
END;
