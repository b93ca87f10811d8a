CREATE TABLE `firm_fence` (
	`company_id` text PRIMARY KEY NOT NULL,
	`move_id` text NOT NULL,
	`state` text NOT NULL,
	`since` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `move_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` text NOT NULL,
	`tbl` text NOT NULL,
	`pk` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `move_changes_company_idx` ON `move_changes` (`company_id`,`seq`);
--> statement-breakpoint
-- The directory hears only of firms live on this shard: a firm arriving or gone (its copy being written or deleted) says nothing.
--> statement-breakpoint
DROP TRIGGER `directory_person_insert`;
--> statement-breakpoint
CREATE TRIGGER `directory_person_insert` AFTER INSERT ON `users`
WHEN NOT EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('incoming', 'gone')) BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('person', NEW.`id`, NEW.`company_id`);
END;
--> statement-breakpoint
DROP TRIGGER `directory_person_update`;
--> statement-breakpoint
CREATE TRIGGER `directory_person_update` AFTER UPDATE OF `email`, `company_id` ON `users`
WHEN (OLD.`email` IS NOT NEW.`email` OR OLD.`company_id` IS NOT NEW.`company_id`) AND NOT EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('incoming', 'gone')) BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('person', NEW.`id`, NEW.`company_id`);
END;
--> statement-breakpoint
DROP TRIGGER `directory_person_delete`;
--> statement-breakpoint
CREATE TRIGGER `directory_person_delete` AFTER DELETE ON `users`
WHEN NOT EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('incoming', 'gone')) BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('person', OLD.`id`, OLD.`company_id`);
END;
--> statement-breakpoint
DROP TRIGGER `directory_firm_insert`;
--> statement-breakpoint
CREATE TRIGGER `directory_firm_insert` AFTER INSERT ON `companies`
WHEN NOT EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`id` AND `state` IN ('incoming', 'gone')) BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('firm', NEW.`id`, NEW.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `directory_firm_update`;
--> statement-breakpoint
CREATE TRIGGER `directory_firm_update` AFTER UPDATE OF `name`, `azure_ad_tenant_id` ON `companies`
WHEN (OLD.`name` IS NOT NEW.`name` OR OLD.`azure_ad_tenant_id` IS NOT NEW.`azure_ad_tenant_id`) AND NOT EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`id` AND `state` IN ('incoming', 'gone')) BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('firm', NEW.`id`, NEW.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `directory_firm_delete`;
--> statement-breakpoint
CREATE TRIGGER `directory_firm_delete` AFTER DELETE ON `companies`
WHEN NOT EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`id` AND `state` IN ('incoming', 'gone')) BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('firm', OLD.`id`, OLD.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `directory_domain_insert`;
--> statement-breakpoint
CREATE TRIGGER `directory_domain_insert` AFTER INSERT ON `company_domains`
WHEN NOT EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('incoming', 'gone')) BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('domain', NEW.`domain`, NEW.`company_id`);
END;
--> statement-breakpoint
DROP TRIGGER `directory_domain_update`;
--> statement-breakpoint
CREATE TRIGGER `directory_domain_update` AFTER UPDATE OF `company_id`, `verified_at` ON `company_domains`
WHEN (OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`verified_at` IS NOT NEW.`verified_at`) AND NOT EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('incoming', 'gone')) BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('domain', NEW.`domain`, NEW.`company_id`);
END;
--> statement-breakpoint
DROP TRIGGER `directory_domain_delete`;
--> statement-breakpoint
CREATE TRIGGER `directory_domain_delete` AFTER DELETE ON `company_domains`
WHEN NOT EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('incoming', 'gone')) BEGIN
  INSERT INTO `directory_outbox` (`kind`, `key`, `company_id`) VALUES ('domain', OLD.`domain`, OLD.`company_id`);
END;
--> statement-breakpoint
-- Fences and change log of every company-owned table (scripts/shard-triggers.ts).
--> statement-breakpoint
CREATE TRIGGER `companies_fence_insert` BEFORE INSERT ON `companies` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `companies_fence_update` BEFORE UPDATE ON `companies` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `companies_fence_delete` BEFORE DELETE ON `companies` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `companies_log_insert` AFTER INSERT ON `companies` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`id`, 'companies', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `companies_log_update` AFTER UPDATE ON `companies` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`id`, 'companies', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`id`, 'companies', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`id` IS NOT NEW.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `companies_log_delete` AFTER DELETE ON `companies` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`id`, 'companies', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_fence_insert` BEFORE INSERT ON `audit_log` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_fence_update` BEFORE UPDATE ON `audit_log` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_fence_delete` BEFORE DELETE ON `audit_log` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_log_insert` AFTER INSERT ON `audit_log` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'audit_log', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_log_update` AFTER UPDATE ON `audit_log` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'audit_log', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'audit_log', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_log_delete` AFTER DELETE ON `audit_log` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'audit_log', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `company_domains_fence_insert` BEFORE INSERT ON `company_domains` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `company_domains_fence_update` BEFORE UPDATE ON `company_domains` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `company_domains_fence_delete` BEFORE DELETE ON `company_domains` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `company_domains_log_insert` AFTER INSERT ON `company_domains` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'company_domains', json_array(NEW.`domain`)); END;
--> statement-breakpoint
CREATE TRIGGER `company_domains_log_update` AFTER UPDATE ON `company_domains` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'company_domains', json_array(OLD.`domain`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'company_domains', json_array(NEW.`domain`) WHERE OLD.`domain` IS NOT NEW.`domain` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `company_domains_log_delete` AFTER DELETE ON `company_domains` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'company_domains', json_array(OLD.`domain`)); END;
--> statement-breakpoint
CREATE TRIGGER `competences_fence_insert` BEFORE INSERT ON `competences` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `competences_fence_update` BEFORE UPDATE ON `competences` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `competences_fence_delete` BEFORE DELETE ON `competences` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `competences_log_insert` AFTER INSERT ON `competences` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'competences', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `competences_log_update` AFTER UPDATE ON `competences` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'competences', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'competences', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `competences_log_delete` AFTER DELETE ON `competences` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'competences', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `cv_imports_fence_insert` BEFORE INSERT ON `cv_imports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `cv_imports_fence_update` BEFORE UPDATE ON `cv_imports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `cv_imports_fence_delete` BEFORE DELETE ON `cv_imports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `cv_imports_log_insert` AFTER INSERT ON `cv_imports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'cv_imports', json_array(NEW.`company_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `cv_imports_log_update` AFTER UPDATE ON `cv_imports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'cv_imports', json_array(OLD.`company_id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'cv_imports', json_array(NEW.`company_id`) WHERE OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `cv_imports_log_delete` AFTER DELETE ON `cv_imports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'cv_imports', json_array(OLD.`company_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `directory_sync_fence_insert` BEFORE INSERT ON `directory_sync` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `directory_sync_fence_update` BEFORE UPDATE ON `directory_sync` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `directory_sync_fence_delete` BEFORE DELETE ON `directory_sync` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `directory_sync_log_insert` AFTER INSERT ON `directory_sync` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'directory_sync', json_array(NEW.`company_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `directory_sync_log_update` AFTER UPDATE ON `directory_sync` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'directory_sync', json_array(OLD.`company_id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'directory_sync', json_array(NEW.`company_id`) WHERE OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `directory_sync_log_delete` AFTER DELETE ON `directory_sync` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'directory_sync', json_array(OLD.`company_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `elite_imports_fence_insert` BEFORE INSERT ON `elite_imports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `elite_imports_fence_update` BEFORE UPDATE ON `elite_imports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `elite_imports_fence_delete` BEFORE DELETE ON `elite_imports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `elite_imports_log_insert` AFTER INSERT ON `elite_imports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'elite_imports', json_array(NEW.`company_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `elite_imports_log_update` AFTER UPDATE ON `elite_imports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'elite_imports', json_array(OLD.`company_id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'elite_imports', json_array(NEW.`company_id`) WHERE OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `elite_imports_log_delete` AFTER DELETE ON `elite_imports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'elite_imports', json_array(OLD.`company_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `email_outbox_fence_insert` BEFORE INSERT ON `email_outbox` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `email_outbox_fence_update` BEFORE UPDATE ON `email_outbox` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `email_outbox_fence_delete` BEFORE DELETE ON `email_outbox` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `email_outbox_log_insert` AFTER INSERT ON `email_outbox` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'email_outbox', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `email_outbox_log_update` AFTER UPDATE ON `email_outbox` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'email_outbox', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'email_outbox', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `email_outbox_log_delete` AFTER DELETE ON `email_outbox` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'email_outbox', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `groups_fence_insert` BEFORE INSERT ON `groups` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `groups_fence_update` BEFORE UPDATE ON `groups` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `groups_fence_delete` BEFORE DELETE ON `groups` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `groups_log_insert` AFTER INSERT ON `groups` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'groups', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `groups_log_update` AFTER UPDATE ON `groups` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'groups', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'groups', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `groups_log_delete` AFTER DELETE ON `groups` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'groups', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `history_retention_state_fence_insert` BEFORE INSERT ON `history_retention_state` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `history_retention_state_fence_update` BEFORE UPDATE ON `history_retention_state` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `history_retention_state_fence_delete` BEFORE DELETE ON `history_retention_state` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `history_retention_state_log_insert` AFTER INSERT ON `history_retention_state` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'history_retention_state', json_array(NEW.`company_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `history_retention_state_log_update` AFTER UPDATE ON `history_retention_state` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'history_retention_state', json_array(OLD.`company_id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'history_retention_state', json_array(NEW.`company_id`) WHERE OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `history_retention_state_log_delete` AFTER DELETE ON `history_retention_state` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'history_retention_state', json_array(OLD.`company_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `offices_fence_insert` BEFORE INSERT ON `offices` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `offices_fence_update` BEFORE UPDATE ON `offices` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `offices_fence_delete` BEFORE DELETE ON `offices` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `offices_log_insert` AFTER INSERT ON `offices` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'offices', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `offices_log_update` AFTER UPDATE ON `offices` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'offices', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'offices', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `offices_log_delete` AFTER DELETE ON `offices` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'offices', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `project_categories_fence_insert` BEFORE INSERT ON `project_categories` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_categories_fence_update` BEFORE UPDATE ON `project_categories` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_categories_fence_delete` BEFORE DELETE ON `project_categories` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_categories_log_insert` AFTER INSERT ON `project_categories` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'project_categories', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `project_categories_log_update` AFTER UPDATE ON `project_categories` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'project_categories', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'project_categories', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `project_categories_log_delete` AFTER DELETE ON `project_categories` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'project_categories', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `project_stages_fence_insert` BEFORE INSERT ON `project_stages` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_stages_fence_update` BEFORE UPDATE ON `project_stages` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_stages_fence_delete` BEFORE DELETE ON `project_stages` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_stages_log_insert` AFTER INSERT ON `project_stages` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'project_stages', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `project_stages_log_update` AFTER UPDATE ON `project_stages` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'project_stages', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'project_stages', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `project_stages_log_delete` AFTER DELETE ON `project_stages` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'project_stages', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `saml_assertions_fence_insert` BEFORE INSERT ON `saml_assertions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `saml_assertions_fence_update` BEFORE UPDATE ON `saml_assertions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `saml_assertions_fence_delete` BEFORE DELETE ON `saml_assertions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `saml_assertions_log_insert` AFTER INSERT ON `saml_assertions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'saml_assertions', json_array(NEW.`company_id`, NEW.`assertion_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `saml_assertions_log_update` AFTER UPDATE ON `saml_assertions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'saml_assertions', json_array(OLD.`company_id`, OLD.`assertion_id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'saml_assertions', json_array(NEW.`company_id`, NEW.`assertion_id`) WHERE OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`assertion_id` IS NOT NEW.`assertion_id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `saml_assertions_log_delete` AFTER DELETE ON `saml_assertions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'saml_assertions', json_array(OLD.`company_id`, OLD.`assertion_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `saml_requests_fence_insert` BEFORE INSERT ON `saml_requests` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `saml_requests_fence_update` BEFORE UPDATE ON `saml_requests` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `saml_requests_fence_delete` BEFORE DELETE ON `saml_requests` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `saml_requests_log_insert` AFTER INSERT ON `saml_requests` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'saml_requests', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `saml_requests_log_update` AFTER UPDATE ON `saml_requests` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'saml_requests', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'saml_requests', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `saml_requests_log_delete` AFTER DELETE ON `saml_requests` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'saml_requests', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `scim_groups_fence_insert` BEFORE INSERT ON `scim_groups` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `scim_groups_fence_update` BEFORE UPDATE ON `scim_groups` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `scim_groups_fence_delete` BEFORE DELETE ON `scim_groups` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `scim_groups_log_insert` AFTER INSERT ON `scim_groups` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'scim_groups', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `scim_groups_log_update` AFTER UPDATE ON `scim_groups` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'scim_groups', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'scim_groups', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `scim_groups_log_delete` AFTER DELETE ON `scim_groups` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'scim_groups', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `scim_tokens_fence_insert` BEFORE INSERT ON `scim_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `scim_tokens_fence_update` BEFORE UPDATE ON `scim_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `scim_tokens_fence_delete` BEFORE DELETE ON `scim_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `scim_tokens_log_insert` AFTER INSERT ON `scim_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'scim_tokens', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `scim_tokens_log_update` AFTER UPDATE ON `scim_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'scim_tokens', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'scim_tokens', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `scim_tokens_log_delete` AFTER DELETE ON `scim_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'scim_tokens', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `skill_levels_fence_insert` BEFORE INSERT ON `skill_levels` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `skill_levels_fence_update` BEFORE UPDATE ON `skill_levels` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `skill_levels_fence_delete` BEFORE DELETE ON `skill_levels` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `skill_levels_log_insert` AFTER INSERT ON `skill_levels` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'skill_levels', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `skill_levels_log_update` AFTER UPDATE ON `skill_levels` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'skill_levels', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'skill_levels', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `skill_levels_log_delete` AFTER DELETE ON `skill_levels` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'skill_levels', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `stat_rollup_state_fence_insert` BEFORE INSERT ON `stat_rollup_state` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `stat_rollup_state_fence_update` BEFORE UPDATE ON `stat_rollup_state` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `stat_rollup_state_fence_delete` BEFORE DELETE ON `stat_rollup_state` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `stat_rollup_state_log_insert` AFTER INSERT ON `stat_rollup_state` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'stat_rollup_state', json_array(NEW.`company_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `stat_rollup_state_log_update` AFTER UPDATE ON `stat_rollup_state` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'stat_rollup_state', json_array(OLD.`company_id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'stat_rollup_state', json_array(NEW.`company_id`) WHERE OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `stat_rollup_state_log_delete` AFTER DELETE ON `stat_rollup_state` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'stat_rollup_state', json_array(OLD.`company_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `stat_team_days_fence_insert` BEFORE INSERT ON `stat_team_days` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `stat_team_days_fence_update` BEFORE UPDATE ON `stat_team_days` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `stat_team_days_fence_delete` BEFORE DELETE ON `stat_team_days` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `stat_team_days_log_insert` AFTER INSERT ON `stat_team_days` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'stat_team_days', json_array(NEW.`company_id`, NEW.`day`, NEW.`group_id`, NEW.`office_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `stat_team_days_log_update` AFTER UPDATE ON `stat_team_days` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'stat_team_days', json_array(OLD.`company_id`, OLD.`day`, OLD.`group_id`, OLD.`office_id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'stat_team_days', json_array(NEW.`company_id`, NEW.`day`, NEW.`group_id`, NEW.`office_id`) WHERE OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`day` IS NOT NEW.`day` OR OLD.`group_id` IS NOT NEW.`group_id` OR OLD.`office_id` IS NOT NEW.`office_id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `stat_team_days_log_delete` AFTER DELETE ON `stat_team_days` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'stat_team_days', json_array(OLD.`company_id`, OLD.`day`, OLD.`group_id`, OLD.`office_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `usage_events_fence_insert` BEFORE INSERT ON `usage_events` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `usage_events_fence_update` BEFORE UPDATE ON `usage_events` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `usage_events_fence_delete` BEFORE DELETE ON `usage_events` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `usage_events_log_insert` AFTER INSERT ON `usage_events` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'usage_events', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `usage_events_log_update` AFTER UPDATE ON `usage_events` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'usage_events', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'usage_events', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `usage_events_log_delete` AFTER DELETE ON `usage_events` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'usage_events', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `users_fence_insert` BEFORE INSERT ON `users` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `users_fence_update` BEFORE UPDATE ON `users` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `users_fence_delete` BEFORE DELETE ON `users` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `users_log_insert` AFTER INSERT ON `users` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'users', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `users_log_update` AFTER UPDATE ON `users` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'users', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'users', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `users_log_delete` AFTER DELETE ON `users` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'users', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `calendar_feeds_fence_insert` BEFORE INSERT ON `calendar_feeds` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `calendar_feeds_fence_update` BEFORE UPDATE ON `calendar_feeds` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `calendar_feeds_fence_delete` BEFORE DELETE ON `calendar_feeds` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `calendar_feeds_log_insert` AFTER INSERT ON `calendar_feeds` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'calendar_feeds', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `calendar_feeds_log_update` AFTER UPDATE ON `calendar_feeds` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'calendar_feeds', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'calendar_feeds', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `calendar_feeds_log_delete` AFTER DELETE ON `calendar_feeds` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'calendar_feeds', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `cv_items_fence_insert` BEFORE INSERT ON `cv_items` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `cv_items_fence_update` BEFORE UPDATE ON `cv_items` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `cv_items_fence_delete` BEFORE DELETE ON `cv_items` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `cv_items_log_insert` AFTER INSERT ON `cv_items` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'cv_items', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `cv_items_log_update` AFTER UPDATE ON `cv_items` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'cv_items', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'cv_items', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `cv_items_log_delete` AFTER DELETE ON `cv_items` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'cv_items', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `data_exports_fence_insert` BEFORE INSERT ON `data_exports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `data_exports_fence_update` BEFORE UPDATE ON `data_exports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `data_exports_fence_delete` BEFORE DELETE ON `data_exports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `data_exports_log_insert` AFTER INSERT ON `data_exports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'data_exports', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `data_exports_log_update` AFTER UPDATE ON `data_exports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'data_exports', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'data_exports', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `data_exports_log_delete` AFTER DELETE ON `data_exports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'data_exports', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `email_change_tokens_fence_insert` BEFORE INSERT ON `email_change_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `email_change_tokens_fence_update` BEFORE UPDATE ON `email_change_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `email_change_tokens_fence_delete` BEFORE DELETE ON `email_change_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `email_change_tokens_log_insert` AFTER INSERT ON `email_change_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'email_change_tokens', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `email_change_tokens_log_update` AFTER UPDATE ON `email_change_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'email_change_tokens', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'email_change_tokens', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `email_change_tokens_log_delete` AFTER DELETE ON `email_change_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'email_change_tokens', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `forecasts_fence_insert` BEFORE INSERT ON `forecasts` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `forecasts_fence_update` BEFORE UPDATE ON `forecasts` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `forecasts_fence_delete` BEFORE DELETE ON `forecasts` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `forecasts_log_insert` AFTER INSERT ON `forecasts` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'forecasts', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `forecasts_log_update` AFTER UPDATE ON `forecasts` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'forecasts', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'forecasts', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `forecasts_log_delete` AFTER DELETE ON `forecasts` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'forecasts', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `invite_tokens_fence_insert` BEFORE INSERT ON `invite_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `invite_tokens_fence_update` BEFORE UPDATE ON `invite_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `invite_tokens_fence_delete` BEFORE DELETE ON `invite_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `invite_tokens_log_insert` AFTER INSERT ON `invite_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'invite_tokens', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `invite_tokens_log_update` AFTER UPDATE ON `invite_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'invite_tokens', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'invite_tokens', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `invite_tokens_log_delete` AFTER DELETE ON `invite_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'invite_tokens', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `matter_comments_fence_insert` BEFORE INSERT ON `matter_comments` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `matter_comments_fence_update` BEFORE UPDATE ON `matter_comments` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `matter_comments_fence_delete` BEFORE DELETE ON `matter_comments` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `matter_comments_log_insert` AFTER INSERT ON `matter_comments` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'matter_comments', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `matter_comments_log_update` AFTER UPDATE ON `matter_comments` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'matter_comments', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'matter_comments', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `matter_comments_log_delete` AFTER DELETE ON `matter_comments` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'matter_comments', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `matter_managers_fence_insert` BEFORE INSERT ON `matter_managers` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `matter_managers_fence_update` BEFORE UPDATE ON `matter_managers` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `matter_managers_fence_delete` BEFORE DELETE ON `matter_managers` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `matter_managers_log_insert` AFTER INSERT ON `matter_managers` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'matter_managers', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `matter_managers_log_update` AFTER UPDATE ON `matter_managers` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'matter_managers', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'matter_managers', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `matter_managers_log_delete` AFTER DELETE ON `matter_managers` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'matter_managers', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `matters_fence_insert` BEFORE INSERT ON `matters` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `matters_fence_update` BEFORE UPDATE ON `matters` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `matters_fence_delete` BEFORE DELETE ON `matters` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `matters_log_insert` AFTER INSERT ON `matters` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'matters', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `matters_log_update` AFTER UPDATE ON `matters` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'matters', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'matters', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `matters_log_delete` AFTER DELETE ON `matters` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'matters', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `matter_time_entries_fence_insert` BEFORE INSERT ON `matter_time_entries` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `matter_time_entries_fence_update` BEFORE UPDATE ON `matter_time_entries` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `matter_time_entries_fence_delete` BEFORE DELETE ON `matter_time_entries` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `matter_time_entries_log_insert` AFTER INSERT ON `matter_time_entries` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'matter_time_entries', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `matter_time_entries_log_update` AFTER UPDATE ON `matter_time_entries` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'matter_time_entries', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'matter_time_entries', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `matter_time_entries_log_delete` AFTER DELETE ON `matter_time_entries` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'matter_time_entries', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `notification_tokens_fence_insert` BEFORE INSERT ON `notification_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `notification_tokens_fence_update` BEFORE UPDATE ON `notification_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `notification_tokens_fence_delete` BEFORE DELETE ON `notification_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `notification_tokens_log_insert` AFTER INSERT ON `notification_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'notification_tokens', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `notification_tokens_log_update` AFTER UPDATE ON `notification_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'notification_tokens', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'notification_tokens', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `notification_tokens_log_delete` AFTER DELETE ON `notification_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'notification_tokens', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `outlook_away_events_fence_insert` BEFORE INSERT ON `outlook_away_events` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `outlook_away_events_fence_update` BEFORE UPDATE ON `outlook_away_events` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `outlook_away_events_fence_delete` BEFORE DELETE ON `outlook_away_events` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `outlook_away_events_log_insert` AFTER INSERT ON `outlook_away_events` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'outlook_away_events', json_array(NEW.`user_id`, NEW.`event_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `outlook_away_events_log_update` AFTER UPDATE ON `outlook_away_events` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'outlook_away_events', json_array(OLD.`user_id`, OLD.`event_id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'outlook_away_events', json_array(NEW.`user_id`, NEW.`event_id`) WHERE OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`event_id` IS NOT NEW.`event_id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `outlook_away_events_log_delete` AFTER DELETE ON `outlook_away_events` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'outlook_away_events', json_array(OLD.`user_id`, OLD.`event_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `outlook_calendar_sync_fence_insert` BEFORE INSERT ON `outlook_calendar_sync` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `outlook_calendar_sync_fence_update` BEFORE UPDATE ON `outlook_calendar_sync` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `outlook_calendar_sync_fence_delete` BEFORE DELETE ON `outlook_calendar_sync` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `outlook_calendar_sync_log_insert` AFTER INSERT ON `outlook_calendar_sync` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'outlook_calendar_sync', json_array(NEW.`user_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `outlook_calendar_sync_log_update` AFTER UPDATE ON `outlook_calendar_sync` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'outlook_calendar_sync', json_array(OLD.`user_id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'outlook_calendar_sync', json_array(NEW.`user_id`) WHERE OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `outlook_calendar_sync_log_delete` AFTER DELETE ON `outlook_calendar_sync` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'outlook_calendar_sync', json_array(OLD.`user_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `passkeys_fence_insert` BEFORE INSERT ON `passkeys` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `passkeys_fence_update` BEFORE UPDATE ON `passkeys` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `passkeys_fence_delete` BEFORE DELETE ON `passkeys` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `passkeys_log_insert` AFTER INSERT ON `passkeys` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'passkeys', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `passkeys_log_update` AFTER UPDATE ON `passkeys` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'passkeys', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'passkeys', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `passkeys_log_delete` AFTER DELETE ON `passkeys` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'passkeys', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `password_reset_tokens_fence_insert` BEFORE INSERT ON `password_reset_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `password_reset_tokens_fence_update` BEFORE UPDATE ON `password_reset_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `password_reset_tokens_fence_delete` BEFORE DELETE ON `password_reset_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `password_reset_tokens_log_insert` AFTER INSERT ON `password_reset_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'password_reset_tokens', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `password_reset_tokens_log_update` AFTER UPDATE ON `password_reset_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'password_reset_tokens', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'password_reset_tokens', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `password_reset_tokens_log_delete` AFTER DELETE ON `password_reset_tokens` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'password_reset_tokens', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `projects_fence_insert` BEFORE INSERT ON `projects` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `projects_fence_update` BEFORE UPDATE ON `projects` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `projects_fence_delete` BEFORE DELETE ON `projects` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `projects_log_insert` AFTER INSERT ON `projects` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'projects', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `projects_log_update` AFTER UPDATE ON `projects` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'projects', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'projects', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `projects_log_delete` AFTER DELETE ON `projects` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'projects', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `project_category_links_fence_insert` BEFORE INSERT ON `project_category_links` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_category_links_fence_update` BEFORE UPDATE ON `project_category_links` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_category_links_fence_delete` BEFORE DELETE ON `project_category_links` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_category_links_log_insert` AFTER INSERT ON `project_category_links` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'project_category_links', json_array(NEW.`project_id`, NEW.`category_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `project_category_links_log_update` AFTER UPDATE ON `project_category_links` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'project_category_links', json_array(OLD.`project_id`, OLD.`category_id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'project_category_links', json_array(NEW.`project_id`, NEW.`category_id`) WHERE OLD.`project_id` IS NOT NEW.`project_id` OR OLD.`category_id` IS NOT NEW.`category_id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `project_category_links_log_delete` AFTER DELETE ON `project_category_links` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'project_category_links', json_array(OLD.`project_id`, OLD.`category_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `project_invoices_fence_insert` BEFORE INSERT ON `project_invoices` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_invoices_fence_update` BEFORE UPDATE ON `project_invoices` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_invoices_fence_delete` BEFORE DELETE ON `project_invoices` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_invoices_log_insert` AFTER INSERT ON `project_invoices` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'project_invoices', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `project_invoices_log_update` AFTER UPDATE ON `project_invoices` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'project_invoices', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'project_invoices', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `project_invoices_log_delete` AFTER DELETE ON `project_invoices` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'project_invoices', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `project_members_fence_insert` BEFORE INSERT ON `project_members` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_members_fence_update` BEFORE UPDATE ON `project_members` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_members_fence_delete` BEFORE DELETE ON `project_members` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_members_log_insert` AFTER INSERT ON `project_members` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'project_members', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `project_members_log_update` AFTER UPDATE ON `project_members` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'project_members', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'project_members', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `project_members_log_delete` AFTER DELETE ON `project_members` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'project_members', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `project_time_reports_fence_insert` BEFORE INSERT ON `project_time_reports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_time_reports_fence_update` BEFORE UPDATE ON `project_time_reports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_time_reports_fence_delete` BEFORE DELETE ON `project_time_reports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `project_time_reports_log_insert` AFTER INSERT ON `project_time_reports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'project_time_reports', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `project_time_reports_log_update` AFTER UPDATE ON `project_time_reports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'project_time_reports', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'project_time_reports', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `project_time_reports_log_delete` AFTER DELETE ON `project_time_reports` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'project_time_reports', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `push_outbox_fence_insert` BEFORE INSERT ON `push_outbox` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `push_outbox_fence_update` BEFORE UPDATE ON `push_outbox` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `push_outbox_fence_delete` BEFORE DELETE ON `push_outbox` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `push_outbox_log_insert` AFTER INSERT ON `push_outbox` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'push_outbox', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `push_outbox_log_update` AFTER UPDATE ON `push_outbox` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'push_outbox', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'push_outbox', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `push_outbox_log_delete` AFTER DELETE ON `push_outbox` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'push_outbox', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `recovery_codes_fence_insert` BEFORE INSERT ON `recovery_codes` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `recovery_codes_fence_update` BEFORE UPDATE ON `recovery_codes` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `recovery_codes_fence_delete` BEFORE DELETE ON `recovery_codes` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `recovery_codes_log_insert` AFTER INSERT ON `recovery_codes` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'recovery_codes', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `recovery_codes_log_update` AFTER UPDATE ON `recovery_codes` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'recovery_codes', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'recovery_codes', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `recovery_codes_log_delete` AFTER DELETE ON `recovery_codes` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'recovery_codes', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `sessions_fence_insert` BEFORE INSERT ON `sessions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `sessions_fence_update` BEFORE UPDATE ON `sessions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `sessions_fence_delete` BEFORE DELETE ON `sessions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `sessions_log_insert` AFTER INSERT ON `sessions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'sessions', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `sessions_log_update` AFTER UPDATE ON `sessions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'sessions', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'sessions', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `sessions_log_delete` AFTER DELETE ON `sessions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'sessions', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `session_handoffs_fence_insert` BEFORE INSERT ON `session_handoffs` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `session_handoffs_fence_update` BEFORE UPDATE ON `session_handoffs` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `session_handoffs_fence_delete` BEFORE DELETE ON `session_handoffs` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `session_handoffs_log_insert` AFTER INSERT ON `session_handoffs` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'session_handoffs', json_array(NEW.`code_hash`)); END;
--> statement-breakpoint
CREATE TRIGGER `session_handoffs_log_update` AFTER UPDATE ON `session_handoffs` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'session_handoffs', json_array(OLD.`code_hash`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'session_handoffs', json_array(NEW.`code_hash`) WHERE OLD.`code_hash` IS NOT NEW.`code_hash` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `session_handoffs_log_delete` AFTER DELETE ON `session_handoffs` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'session_handoffs', json_array(OLD.`code_hash`)); END;
--> statement-breakpoint
CREATE TRIGGER `stat_days_fence_insert` BEFORE INSERT ON `stat_days` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `stat_days_fence_update` BEFORE UPDATE ON `stat_days` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `stat_days_fence_delete` BEFORE DELETE ON `stat_days` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `stat_days_log_insert` AFTER INSERT ON `stat_days` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'stat_days', json_array(NEW.`user_id`, NEW.`day`)); END;
--> statement-breakpoint
CREATE TRIGGER `stat_days_log_update` AFTER UPDATE ON `stat_days` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'stat_days', json_array(OLD.`user_id`, OLD.`day`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'stat_days', json_array(NEW.`user_id`, NEW.`day`) WHERE OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`day` IS NOT NEW.`day` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `stat_days_log_delete` AFTER DELETE ON `stat_days` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'stat_days', json_array(OLD.`user_id`, OLD.`day`)); END;
--> statement-breakpoint
CREATE TRIGGER `status_messages_fence_insert` BEFORE INSERT ON `status_messages` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `status_messages_fence_update` BEFORE UPDATE ON `status_messages` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `status_messages_fence_delete` BEFORE DELETE ON `status_messages` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `status_messages_log_insert` AFTER INSERT ON `status_messages` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'status_messages', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `status_messages_log_update` AFTER UPDATE ON `status_messages` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'status_messages', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'status_messages', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `status_messages_log_delete` AFTER DELETE ON `status_messages` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'status_messages', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `timekeepers_fence_insert` BEFORE INSERT ON `timekeepers` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `timekeepers_fence_update` BEFORE UPDATE ON `timekeepers` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `timekeepers_fence_delete` BEFORE DELETE ON `timekeepers` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `timekeepers_log_insert` AFTER INSERT ON `timekeepers` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'timekeepers', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `timekeepers_log_update` AFTER UPDATE ON `timekeepers` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'timekeepers', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'timekeepers', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `timekeepers_log_delete` AFTER DELETE ON `timekeepers` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'timekeepers', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `totp_factors_fence_insert` BEFORE INSERT ON `totp_factors` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `totp_factors_fence_update` BEFORE UPDATE ON `totp_factors` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `totp_factors_fence_delete` BEFORE DELETE ON `totp_factors` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `totp_factors_log_insert` AFTER INSERT ON `totp_factors` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'totp_factors', json_array(NEW.`user_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `totp_factors_log_update` AFTER UPDATE ON `totp_factors` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'totp_factors', json_array(OLD.`user_id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'totp_factors', json_array(NEW.`user_id`) WHERE OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `totp_factors_log_delete` AFTER DELETE ON `totp_factors` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'totp_factors', json_array(OLD.`user_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `update_reminders_fence_insert` BEFORE INSERT ON `update_reminders` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `update_reminders_fence_update` BEFORE UPDATE ON `update_reminders` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `update_reminders_fence_delete` BEFORE DELETE ON `update_reminders` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `update_reminders_log_insert` AFTER INSERT ON `update_reminders` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'update_reminders', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `update_reminders_log_update` AFTER UPDATE ON `update_reminders` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'update_reminders', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'update_reminders', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `update_reminders_log_delete` AFTER DELETE ON `update_reminders` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'update_reminders', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `user_skills_fence_insert` BEFORE INSERT ON `user_skills` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `user_skills_fence_update` BEFORE UPDATE ON `user_skills` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `user_skills_fence_delete` BEFORE DELETE ON `user_skills` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `user_skills_log_insert` AFTER INSERT ON `user_skills` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'user_skills', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `user_skills_log_update` AFTER UPDATE ON `user_skills` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'user_skills', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'user_skills', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `user_skills_log_delete` AFTER DELETE ON `user_skills` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'user_skills', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `user_week_hours_fence_insert` BEFORE INSERT ON `user_week_hours` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `user_week_hours_fence_update` BEFORE UPDATE ON `user_week_hours` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `user_week_hours_fence_delete` BEFORE DELETE ON `user_week_hours` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `user_week_hours_log_insert` AFTER INSERT ON `user_week_hours` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'user_week_hours', json_array(NEW.`user_id`, NEW.`week_start`)); END;
--> statement-breakpoint
CREATE TRIGGER `user_week_hours_log_update` AFTER UPDATE ON `user_week_hours` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'user_week_hours', json_array(OLD.`user_id`, OLD.`week_start`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'user_week_hours', json_array(NEW.`user_id`, NEW.`week_start`) WHERE OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`week_start` IS NOT NEW.`week_start` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `user_week_hours_log_delete` AFTER DELETE ON `user_week_hours` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'user_week_hours', json_array(OLD.`user_id`, OLD.`week_start`)); END;
--> statement-breakpoint
CREATE TRIGGER `vacations_fence_insert` BEFORE INSERT ON `vacations` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `vacations_fence_update` BEFORE UPDATE ON `vacations` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `vacations_fence_delete` BEFORE DELETE ON `vacations` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `vacations_log_insert` AFTER INSERT ON `vacations` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'vacations', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `vacations_log_update` AFTER UPDATE ON `vacations` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'vacations', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'vacations', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `vacations_log_delete` AFTER DELETE ON `vacations` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'vacations', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `web_push_subscriptions_fence_insert` BEFORE INSERT ON `web_push_subscriptions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `web_push_subscriptions_fence_update` BEFORE UPDATE ON `web_push_subscriptions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `web_push_subscriptions_fence_delete` BEFORE DELETE ON `web_push_subscriptions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `web_push_subscriptions_log_insert` AFTER INSERT ON `web_push_subscriptions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'web_push_subscriptions', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `web_push_subscriptions_log_update` AFTER UPDATE ON `web_push_subscriptions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'web_push_subscriptions', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'web_push_subscriptions', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `web_push_subscriptions_log_delete` AFTER DELETE ON `web_push_subscriptions` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'web_push_subscriptions', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `workload_entries_fence_insert` BEFORE INSERT ON `workload_entries` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workload_entries_fence_update` BEFORE UPDATE ON `workload_entries` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workload_entries_fence_delete` BEFORE DELETE ON `workload_entries` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workload_entries_log_insert` AFTER INSERT ON `workload_entries` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'workload_entries', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `workload_entries_log_update` AFTER UPDATE ON `workload_entries` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'workload_entries', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'workload_entries', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `workload_entries_log_delete` AFTER DELETE ON `workload_entries` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'workload_entries', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `workload_history_fence_insert` BEFORE INSERT ON `workload_history` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workload_history_fence_update` BEFORE UPDATE ON `workload_history` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workload_history_fence_delete` BEFORE DELETE ON `workload_history` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workload_history_log_insert` AFTER INSERT ON `workload_history` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'workload_history', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `workload_history_log_update` AFTER UPDATE ON `workload_history` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'workload_history', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'workload_history', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `workload_history_log_delete` AFTER DELETE ON `workload_history` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'workload_history', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `workload_weekly_fence_insert` BEFORE INSERT ON `workload_weekly` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workload_weekly_fence_update` BEFORE UPDATE ON `workload_weekly` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workload_weekly_fence_delete` BEFORE DELETE ON `workload_weekly` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workload_weekly_log_insert` AFTER INSERT ON `workload_weekly` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'workload_weekly', json_array(NEW.`user_id`, NEW.`week`)); END;
--> statement-breakpoint
CREATE TRIGGER `workload_weekly_log_update` AFTER UPDATE ON `workload_weekly` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'workload_weekly', json_array(OLD.`user_id`, OLD.`week`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'workload_weekly', json_array(NEW.`user_id`, NEW.`week`) WHERE OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`week` IS NOT NEW.`week` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `workload_weekly_log_delete` AFTER DELETE ON `workload_weekly` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'workload_weekly', json_array(OLD.`user_id`, OLD.`week`)); END;
--> statement-breakpoint
CREATE TRIGGER `workplace_history_fence_insert` BEFORE INSERT ON `workplace_history` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workplace_history_fence_update` BEFORE UPDATE ON `workplace_history` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workplace_history_fence_delete` BEFORE DELETE ON `workplace_history` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workplace_history_log_insert` AFTER INSERT ON `workplace_history` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'workplace_history', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `workplace_history_log_update` AFTER UPDATE ON `workplace_history` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'workplace_history', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'workplace_history', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `workplace_history_log_delete` AFTER DELETE ON `workplace_history` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'workplace_history', json_array(OLD.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `workplace_plans_fence_insert` BEFORE INSERT ON `workplace_plans` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workplace_plans_fence_update` BEFORE UPDATE ON `workplace_plans` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('held', 'gone')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held', 'gone')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workplace_plans_fence_delete` BEFORE DELETE ON `workplace_plans` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('held')) BEGIN SELECT RAISE(ABORT, 'firm_held'); END;
--> statement-breakpoint
CREATE TRIGGER `workplace_plans_log_insert` AFTER INSERT ON `workplace_plans` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (NEW.`company_id`, 'workplace_plans', json_array(NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `workplace_plans_log_update` AFTER UPDATE ON `workplace_plans` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) OR EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = NEW.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'workplace_plans', json_array(OLD.`id`)); INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) SELECT NEW.`company_id`, 'workplace_plans', json_array(NEW.`id`) WHERE OLD.`id` IS NOT NEW.`id` OR OLD.`company_id` IS NOT NEW.`company_id`; END;
--> statement-breakpoint
CREATE TRIGGER `workplace_plans_log_delete` AFTER DELETE ON `workplace_plans` WHEN EXISTS (SELECT 1 FROM `firm_fence` WHERE `company_id` = OLD.`company_id` AND `state` IN ('copying')) BEGIN INSERT INTO `move_changes` (`company_id`, `tbl`, `pk`) VALUES (OLD.`company_id`, 'workplace_plans', json_array(OLD.`id`)); END;
