ALTER TABLE `move_tables` ADD `method` text DEFAULT 'checksum' NOT NULL;--> statement-breakpoint
ALTER TABLE `moves` ADD `cursor_key` text;