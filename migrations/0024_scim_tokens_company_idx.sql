-- The index the SCIM token list reads (scim_tokens by company): declared in the schema since
-- migration 0015 but made by no migration until drizzle-kit could generate again (decision 0240).
CREATE INDEX `scim_tokens_company_idx` ON `scim_tokens` (`company_id`);