CREATE TABLE `push_endpoints` (
	`endpoint_hash` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`registered_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `push_endpoints_company_idx` ON `push_endpoints` (`company_id`);