-- The overview's CV filter (issue 11): the firm's distinct CV item titles for the filter's
-- choices, and people holding a title, both read from this index (decision 0180).
CREATE INDEX `cv_items_company_title_idx` ON `cv_items` (`company_id`,`title`);
