ALTER TABLE `company_domains` ADD `verification_token` text;--> statement-breakpoint
-- Claims from before get a random token of their own (decision 0250): their TXT record changes
-- once, from the one derived from SESSION_SECRET to this; verified domains stay verified until
-- the next check, which the company admin's dialog explains.
UPDATE `company_domains` SET `verification_token` = lower(hex(randomblob(16))) WHERE `verification_token` IS NULL;
