/**
 * The project forms' constants that a page shows, apart from project.schema.ts so that the
 * page does not load zod for them: esbuild keeps a module's top-level zod calls when any of
 * its exports is used (decision 0292). project.schema re-exports them.
 */

export const MAX_PROJECT_CATEGORIES = 3;
/** The invoice editor's quick VAT buttons, in percent. */
export const VAT_QUICK_VALUES = [0, 8, 16] as const;
export const DEFAULT_CURRENCY = "USD";
