-- Single sign-on (SAML2), firm domains across installations and SCIM provisioning (decision 0150).
ALTER TABLE `companies` ADD `sso_idp_initiated` integer DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE `companies` ADD `sso_certificate_warned_at` integer;
--> statement-breakpoint
ALTER TABLE `users` ADD `deactivated_at` integer;
--> statement-breakpoint
ALTER TABLE `users` ADD `scim_external_id` text;
--> statement-breakpoint
CREATE TABLE `saml_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saml_requests_company_idx` ON `saml_requests` (`company_id`,`expires_at`);
--> statement-breakpoint
CREATE TABLE `saml_assertions` (
	`company_id` text NOT NULL,
	`assertion_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `assertion_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saml_assertions_expires_idx` ON `saml_assertions` (`expires_at`);
--> statement-breakpoint
CREATE TABLE `company_domains` (
	`domain` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_domains_company_idx` ON `company_domains` (`company_id`);
--> statement-breakpoint
CREATE TABLE `installation_domains` (
	`domain` text PRIMARY KEY NOT NULL,
	`installation_url` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `scim_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scim_tokens_token_hash_unique` ON `scim_tokens` (`token_hash`);
--> statement-breakpoint
CREATE TABLE `scim_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`display_name` text NOT NULL,
	`external_id` text,
	`members` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `scim_groups_company_idx` ON `scim_groups` (`company_id`);
