/**
 * The catalogs the product speaks (decision 0306, docs/i18n.md): one line per file beside this
 * one. `npm run i18n:check` fails when a catalog file is not listed here.
 */
import en from "./en.json";
import sv from "./sv.json";

export const CATALOG_FILES: Record<string, Record<string, string>> = { en, sv };
