/**
 * The catalogs in app/locales, compiled once per isolate (decision 0306). A language is a
 * catalog file, listed in app/locales/index.ts: adding `de.json` adds German everywhere (the
 * list, the choice in /settings, the firm's default), with no other code. A key a catalog lacks falls back to English, and
 * `npm run i18n:check` fails CI before that can ship.
 */
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { I18n } from "@lingui/core";
import { CATALOG_FILES } from "~/locales";
import { localeAmong, resolveAmong, type LanguageChoice } from "./negotiate";
import { createI18n, type CompiledCatalog, type MessageKey, type MessageValues, type PageCatalog } from "./i18n";
import { matchText, SERVER_TEXT_PREFIX, serverTextEntries, textMatcher, type TextEntry, type TextMatcher } from "./texts";

type SourceCatalog = Record<string, string>;

const SOURCES: Record<string, SourceCatalog> = CATALOG_FILES;

export const REFERENCE_LANGUAGE = "en";

/** The languages the product speaks, English first, then by code. */
export const LANGUAGES: readonly string[] = Object.keys(SOURCES).sort((a, b) =>
  a === REFERENCE_LANGUAGE ? -1 : b === REFERENCE_LANGUAGE ? 1 : a.localeCompare(b),
);

export const isLanguage = (value: unknown): value is string => typeof value === "string" && Object.hasOwn(SOURCES, value);

/** Each language as it names itself ("Svenska"), for a picker. */
export function languageOptions(): { value: string; name: string }[] {
  return LANGUAGES.map((value) => ({ value, name: SOURCES[value]["language.name"] ?? value }));
}

const compiled = new Map<string, CompiledCatalog>();

/** The language's messages, compiled; English's where it has none of its own. */
export function catalogFor(language: string): CompiledCatalog {
  const lang = isLanguage(language) ? language : REFERENCE_LANGUAGE;
  let catalog = compiled.get(lang);
  if (!catalog) {
    const source = { ...SOURCES[REFERENCE_LANGUAGE], ...SOURCES[lang] };
    catalog = Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message) as CompiledCatalog[string]]));
    compiled.set(lang, catalog);
  }
  return catalog;
}

const pageCatalogs = new Map<string, CompiledCatalog>();

/**
 * The messages a page carries: the language's, less the server's texts for an English reader,
 * whose texts already are English (decision 0307).
 */
export function pageCatalogFor(language: string): CompiledCatalog {
  const lang = isLanguage(language) ? language : REFERENCE_LANGUAGE;
  let catalog = pageCatalogs.get(lang);
  if (!catalog) {
    const all = catalogFor(lang);
    catalog = lang === REFERENCE_LANGUAGE ? Object.fromEntries(Object.entries(all).filter(([key]) => !key.startsWith(SERVER_TEXT_PREFIX))) : all;
    pageCatalogs.set(lang, catalog);
  }
  return catalog;
}

const runtimes = new Map<string, I18n>();

/** Text on the server (e-mails, pushes, feeds, workbooks): `translate("sv", "nav.home")`. */
export function translate(language: string, key: MessageKey, values?: MessageValues): string {
  const lang = isLanguage(language) ? language : REFERENCE_LANGUAGE;
  let i18n = runtimes.get(lang);
  if (!i18n) runtimes.set(lang, (i18n = createI18n(lang, catalogFor(lang))));
  return i18n._(key, values);
}

export type { LanguageChoice, LanguageSource } from "./negotiate";

/** The person's choice, else the browser's first language we speak, else the firm's, else English. */
export const resolveLanguage = (choice: LanguageChoice) => resolveAmong(choice, isLanguage, REFERENCE_LANGUAGE);

/**
 * The language of what is sent to a person with no browser asking (a mail, a push, a feed):
 * their choice on /settings, else their firm's, else English.
 */
export const recipientLanguage = (chosen: string | null | undefined, firmDefault: string | null | undefined) =>
  resolveLanguage({ chosen, firmDefault }).language;

/** The locale for dates and numbers in `language` (negotiate.ts). */
export const localeFor = (language: string, acceptLanguage: string | null | undefined) =>
  localeAmong(language, acceptLanguage, isLanguage, SOURCES[language]?.["language.locale"]);

let englishTexts: TextMatcher | undefined;
const serverTexts = () => (englishTexts ??= textMatcher(serverTextEntries(SOURCES[REFERENCE_LANGUAGE])));

/**
 * A text the server wrote in English, in `language` (decision 0307): found by its English
 * words among the catalogs' `server.*` messages, with its values read back out; a text the
 * catalogs do not know, or one already translated, comes back as it is. A value that is
 * itself a server text ("Please wait {wait} and try again." with "5 minutes") is translated
 * too, one level down.
 */
export function translateText(language: string, text: string, nested = false): string {
  if (!isLanguage(language) || language === REFERENCE_LANGUAGE || !text) return text;
  const match = matchText(serverTexts(), text);
  if (!match) return text;
  const values = nested
    ? match.values
    : Object.fromEntries(Object.entries(match.values).map(([name, value]) => [name, translateText(language, value, true)]));
  return translate(language, match.key as MessageKey, values);
}

/** What the browser needs to translate the checks it runs itself: nothing for English. */
export function serverTextEntriesFor(language: string): TextEntry[] | undefined {
  return isLanguage(language) && language !== REFERENCE_LANGUAGE ? serverTextEntries(SOURCES[REFERENCE_LANGUAGE]) : undefined;
}

/** The page's catalog: what the server renders with and the browser's script carries. */
export function pageCatalogOf(language: string): PageCatalog {
  const lang = isLanguage(language) ? language : REFERENCE_LANGUAGE;
  return { language: lang, messages: pageCatalogFor(lang), serverTexts: serverTextEntriesFor(lang) };
}

const scripts = new Map<string, { version: string; body: string }>();

/** 32-bit FNV-1a of a text, as 8 hex digits: the catalog script's version. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * The browser's copy of the page's catalog, as a script that sets `window.__i18n` (decision
 * 0307): its version follows its content, so it is cached for good and a new catalog is a new
 * address. JSON inside a script: "<" is escaped so no text can close the tag.
 */
export function catalogScript(language: string): { path: string; version: string; body: string } {
  const lang = isLanguage(language) ? language : REFERENCE_LANGUAGE;
  let script = scripts.get(lang);
  if (!script) {
    const json = JSON.stringify(pageCatalogOf(lang)).replace(/</g, "\\u003c");
    script = { version: fnv1a(json), body: `window.__i18n=${json};\n` };
    scripts.set(lang, script);
  }
  return { path: `/i18n/${lang}.${script.version}.js`, ...script };
}
