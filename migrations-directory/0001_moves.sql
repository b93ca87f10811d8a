CREATE TABLE `move_tables` (
	`move_id` text NOT NULL,
	`tbl` text NOT NULL,
	`source_rows` integer NOT NULL,
	`target_rows` integer NOT NULL,
	`source_sum` text NOT NULL,
	`target_sum` text NOT NULL,
	`checked_at` integer NOT NULL,
	PRIMARY KEY(`move_id`, `tbl`)
);
--> statement-breakpoint
CREATE TABLE `moves` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`from_shard` integer NOT NULL,
	`to_shard` integer NOT NULL,
	`state` text NOT NULL,
	`table_index` integer DEFAULT 0 NOT NULL,
	`cursor_rowid` integer DEFAULT 0 NOT NULL,
	`applied_seq` integer DEFAULT 0 NOT NULL,
	`rows_copied` integer DEFAULT 0 NOT NULL,
	`holds_tried` integer DEFAULT 0 NOT NULL,
	`hold_started_at` integer,
	`drain_after` integer,
	`started_by` text NOT NULL,
	`started_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`switched_at` integer,
	`finished_at` integer,
	`error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `moves_active_idx` ON `moves` (`company_id`) WHERE state not in ('done', 'aborted');