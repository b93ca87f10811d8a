-- Issue 26 (trust between firms): a firm's e-mail domain counts for login routing and SSO
-- provisioning only once verified, by a DNS TXT record or the installation operator (decision 0250).
-- Domains claimed before this migration start unverified: their firm proves them from the SSO dialog.
ALTER TABLE `company_domains` ADD `verified_at` integer;--> statement-breakpoint
ALTER TABLE `company_domains` ADD `verified_by` text;--> statement-breakpoint
ALTER TABLE `company_domains` ADD `checked_at` integer;--> statement-breakpoint
ALTER TABLE `company_domains` ADD `check_error` text;