CREATE TABLE `session_handoffs` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`session_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_handoffs_expires_idx` ON `session_handoffs` (`expires_at`);--> statement-breakpoint
CREATE INDEX `session_handoffs_company_idx` ON `session_handoffs` (`company_id`);--> statement-breakpoint
CREATE INDEX `saml_requests_expires_idx` ON `saml_requests` (`expires_at`);