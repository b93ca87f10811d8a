-- Issue 13 (speed): the detailed report's MATTERS and HOURS orders sum each person's cards of the
-- window on billable matters; this index answers the matter check (id, billable, company) without
-- reading the matter's row (decision 0205).
CREATE INDEX `matters_billable_report_idx` ON `matters` (`id`,`billable`,`company_id`);
