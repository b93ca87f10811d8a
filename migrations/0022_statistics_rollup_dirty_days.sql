-- Issue 12 (speed): the statistics' rollups follow history as it is written (decision 0200).
-- A write to the history the rollups read marks its company's earliest changed day in
-- stat_rollup_state.dirty_from; the next bounded rollup step starts there. Triggers, so that
-- every writer (API, pages, imports, SCIM, the one-click reminder answers) is covered.
ALTER TABLE `stat_rollup_state` ADD `dirty_from` integer;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_workload_history_insert` AFTER INSERT ON `workload_history` BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, NEW.`recorded_at` - NEW.`recorded_at` % 86400000), NEW.`recorded_at` - NEW.`recorded_at` % 86400000) WHERE `company_id` = NEW.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_workload_history_update` AFTER UPDATE ON `workload_history` BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, min(OLD.`recorded_at`, NEW.`recorded_at`) - min(OLD.`recorded_at`, NEW.`recorded_at`) % 86400000), min(OLD.`recorded_at`, NEW.`recorded_at`) - min(OLD.`recorded_at`, NEW.`recorded_at`) % 86400000) WHERE `company_id` IN (OLD.`company_id`, NEW.`company_id`);
END;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_workload_history_delete` AFTER DELETE ON `workload_history` BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, OLD.`recorded_at` - OLD.`recorded_at` % 86400000), OLD.`recorded_at` - OLD.`recorded_at` % 86400000) WHERE `company_id` = OLD.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_vacations_insert` AFTER INSERT ON `vacations` BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, NEW.`start_date`), NEW.`start_date`) WHERE `company_id` = NEW.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_vacations_update` AFTER UPDATE ON `vacations` BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, OLD.`start_date`, NEW.`start_date`), OLD.`start_date`, NEW.`start_date`) WHERE `company_id` IN (OLD.`company_id`, NEW.`company_id`);
END;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_vacations_delete` AFTER DELETE ON `vacations` BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, OLD.`start_date`), OLD.`start_date`) WHERE `company_id` = OLD.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_forecasts_insert` AFTER INSERT ON `forecasts` WHEN NEW.`status` = 'away' BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, NEW.`start_date`), NEW.`start_date`) WHERE `company_id` = NEW.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_forecasts_update` AFTER UPDATE ON `forecasts` WHEN OLD.`status` = 'away' OR NEW.`status` = 'away' BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, OLD.`start_date`, NEW.`start_date`), OLD.`start_date`, NEW.`start_date`) WHERE `company_id` IN (OLD.`company_id`, NEW.`company_id`);
END;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_forecasts_delete` AFTER DELETE ON `forecasts` WHEN OLD.`status` = 'away' BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, OLD.`start_date`), OLD.`start_date`) WHERE `company_id` = OLD.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_workplace_plans_insert` AFTER INSERT ON `workplace_plans` WHEN NEW.`kind` = 'rolling' BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, NEW.`key`), NEW.`key`) WHERE `company_id` = NEW.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_workplace_plans_update` AFTER UPDATE ON `workplace_plans` WHEN OLD.`kind` = 'rolling' OR NEW.`kind` = 'rolling' BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, OLD.`key`, NEW.`key`), OLD.`key`, NEW.`key`) WHERE `company_id` IN (OLD.`company_id`, NEW.`company_id`);
END;--> statement-breakpoint
CREATE TRIGGER `stat_dirty_workplace_plans_delete` AFTER DELETE ON `workplace_plans` WHEN OLD.`kind` = 'rolling' BEGIN
  UPDATE `stat_rollup_state` SET `dirty_from` = min(coalesce(`dirty_from`, OLD.`key`), OLD.`key`) WHERE `company_id` = OLD.`company_id`;
END;
