CREATE TABLE `cron_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `domains` (
	`domain` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`verified_at` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `domains_company_idx` ON `domains` (`company_id`);--> statement-breakpoint
CREATE TABLE `firms` (
	`company_id` text PRIMARY KEY NOT NULL,
	`shard` integer NOT NULL,
	`name` text NOT NULL,
	`people` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `firms_shard_idx` ON `firms` (`shard`);--> statement-breakpoint
CREATE TABLE `people` (
	`email` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`company_id` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `people_user_idx` ON `people` (`user_id`);--> statement-breakpoint
CREATE INDEX `people_company_idx` ON `people` (`company_id`);--> statement-breakpoint
CREATE TABLE `shards` (
	`id` integer PRIMARY KEY NOT NULL,
	`binding` text NOT NULL,
	`accepting` integer DEFAULT true NOT NULL,
	`size_bytes` integer,
	`firms` integer,
	`people` integer,
	`writes_last_hour` integer,
	`served_by` text,
	`probed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shards_binding_unique` ON `shards` (`binding`);--> statement-breakpoint
CREATE TABLE `tenants` (
	`tenant_id` text NOT NULL,
	`company_id` text PRIMARY KEY NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tenants_tenant_idx` ON `tenants` (`tenant_id`);