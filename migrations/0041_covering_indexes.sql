-- Decision 0317: two covering indexes for the firm-wide calls of a large firm. A day's running
-- totals of a whole firm (POST /statistic's two bounds) are read from the index alone, and the
-- listed people of a firm are counted (POST /users/filtered's total) and the statistics' people
-- per team read from the team index alone, with no table row fetched per person.
DROP INDEX `stat_days_company_day_idx`;--> statement-breakpoint
CREATE INDEX `stat_days_company_day_totals_idx` ON `stat_days` (`company_id`,`day`,`user_id`,`cum_days`,`cum_reported`,`cum_level_sum`,`cum_level0`,`cum_level3`,`cum_home`);--> statement-breakpoint
DROP INDEX `users_company_group_office_idx`;--> statement-breakpoint
CREATE INDEX `users_company_group_office_idx` ON `users` (`company_id`,`group_id`,`office_id`,`id`,`completed`,`deactivated_at`,`erased_at`,`admin`,`administrator_priviliges`,`company_admin`,`current_workload`,`future_workload`);