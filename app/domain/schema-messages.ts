/**
 * The schemas' messages that a page shows without running a schema (the bulk invite's own
 * check): apart from schema-kit.ts, whose top-level zod calls would bring zod to the page
 * (decision 0292). schema-kit re-exports them.
 */

/** The spec's message for a missing field. */
export const REQUIRED = "This field is required.";
