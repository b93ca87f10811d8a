/**
 * Which catalog a person reads (decision 0306), as pure functions of the languages there are:
 * catalogs.server.ts passes its own list; tests pass theirs.
 */
import { negotiateLocale } from "~/lib/format";

type Known = (language: string) => boolean;

/** The languages of an Accept-Language header among the known ones, best first (by q, then order). */
export function acceptedLanguages(acceptLanguage: string | null | undefined, known: Known): string[] {
  return (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { primary: tag.trim().split("-")[0].toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.primary && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.primary)
    .filter(known);
}

export interface LanguageChoice {
  /** The person's own choice on /settings (null: automatic). */
  chosen?: string | null;
  acceptLanguage?: string | null;
  /** The firm's default (company setting `language`). */
  firmDefault?: string | null;
}

export type LanguageSource = "chosen" | "browser" | "firm" | "fallback";

/** The person's choice, else the browser's first known language, else the firm's, else the fallback. */
export function resolveAmong(
  { chosen, acceptLanguage, firmDefault }: LanguageChoice,
  known: Known,
  fallback: string,
): { language: string; source: LanguageSource } {
  if (chosen && known(chosen)) return { language: chosen, source: "chosen" };
  const [browser] = acceptedLanguages(acceptLanguage, known);
  if (browser) return { language: browser, source: "browser" };
  if (firmDefault && known(firmDefault)) return { language: firmDefault, source: "firm" };
  return { language: fallback, source: "fallback" };
}

/**
 * The locale for dates and numbers: the browser's own when its first language is this one
 * (en-US keeps month-first dates, sv-FI its own), else the catalog's (`language.locale`).
 */
export function localeAmong(language: string, acceptLanguage: string | null | undefined, known: Known, catalogLocale: string | undefined): string {
  const negotiated = negotiateLocale(acceptLanguage);
  if (negotiated.split("-")[0].toLowerCase() === language && acceptedLanguages(acceptLanguage, known)[0] === language) return negotiated;
  return catalogLocale ?? negotiated;
}
