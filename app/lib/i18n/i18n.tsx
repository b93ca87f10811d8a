/**
 * The words a person reads, in their language (issue 30, item 1; decision 0306). Catalogs are
 * ICU MessageFormat JSON in app/locales, one file per language; the server compiles the
 * reader's catalog (catalogs.server.ts). The server's render reads it as the page's catalog
 * (entry.server.tsx); the browser loads the same compiled catalog as a script the root names
 * (/i18n/<language>.<version>.js, cached for good: its name changes with its content), before
 * hydration, so both read the same messages, only one language travels, and the page's HTML
 * does not carry it (decision 0307).
 * Lingui's runtime (about 4 KB) turns a compiled message and its values into text, with the
 * language's plural rules.
 */
import { setupI18n, type I18n } from "@lingui/core";
import { I18nProvider, useLingui } from "@lingui/react";
import { createContext, useCallback, useContext, type ReactNode } from "react";
import { matchText, textMatcher, type TextEntry, type TextMatcher } from "./texts";
import type english from "~/locales/en.json";

/** Every message's key: English is the reference catalog, so a key it lacks does not type-check. */
export type MessageKey = keyof typeof english;

/** A message after compilation: text, or parts (text, [name], [name, "plural", {…}]). */
export type CompiledMessage = string | unknown[];
export type CompiledCatalog = Record<string, CompiledMessage>;

export type MessageValues = Record<string, string | number | Date>;

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** One runtime per language and catalog: the server makes one per request, the browser one for the page's life. */
export function createI18n(language: string, messages: CompiledCatalog): I18n {
  return setupI18n({ locale: language, messages: { [language]: messages as never } });
}

/** The page's language, its messages and the server's texts (texts.ts) for a reader of another language. */
export interface PageCatalog {
  language: string;
  messages: CompiledCatalog;
  serverTexts?: readonly TextEntry[];
}

declare global {
  interface Window {
    /** Set by the catalog script (routes/i18n.$file.ts) before the app's modules run. */
    __i18n?: PageCatalog;
  }
}

const NO_CATALOG: PageCatalog = { language: "en", messages: {} };
let rendering: PageCatalog | undefined;

/**
 * The server's render sets the page's catalog around its one synchronous renderToString
 * (entry.server.tsx), so no other request's render can see it; the browser's is the script's.
 */
export function renderWithCatalog<T>(catalog: PageCatalog, render: () => T): T {
  rendering = catalog;
  try {
    return render();
  } finally {
    rendering = undefined;
  }
}

function pageCatalog(): PageCatalog {
  return rendering ?? (typeof window !== "undefined" ? window.__i18n : undefined) ?? NO_CATALOG;
}

const runtimes = new WeakMap<CompiledCatalog, I18n>();
function runtimeOf(catalog: PageCatalog): I18n {
  let i18n = runtimes.get(catalog.messages);
  if (!i18n) runtimes.set(catalog.messages, (i18n = createI18n(catalog.language, catalog.messages)));
  return i18n;
}

const matchers = new WeakMap<readonly TextEntry[], TextMatcher>();
function matcherOf(entries: readonly TextEntry[] | undefined): TextMatcher | null {
  if (!entries?.length) return null;
  let matcher = matchers.get(entries);
  if (!matcher) matchers.set(entries, (matcher = textMatcher(entries)));
  return matcher;
}

export function TranslationProvider({ children }: { children: ReactNode }) {
  const catalog = pageCatalog();
  const i18n = runtimeOf(catalog);
  const matcher = matcherOf(catalog.serverTexts);
  return (
    <I18nProvider i18n={i18n}>
      <ServerTexts.Provider value={matcher}>{children}</ServerTexts.Provider>
    </I18nProvider>
  );
}

const ServerTexts = createContext<TextMatcher | null>(null);

/**
 * `say(text)`: a text the server's rules wrote in English (a check the browser ran with the
 * server's schema, a message from an API answer) in the reader's words (decision 0307). What
 * the catalogs do not know, or what is already translated, shows as it is.
 */
export function useServerText(): (text: string) => string {
  const { i18n } = useLingui();
  const matcher = useContext(ServerTexts);
  return useCallback(
    (text) => {
      const match = matcher && text ? matchText(matcher, text) : null;
      return match ? i18n._(match.key, match.values) : text;
    },
    [i18n, matcher],
  );
}

/** `t("nav.home")`, `t("common.peopleCount", { count })`: the reader's words. */
export function useT(): Translate {
  const { i18n } = useLingui();
  return useCallback((key, values) => i18n._(key, values), [i18n]);
}

/** A page's `meta` (a title) in the reader's words. */
export function metaText(_matches: readonly { id: string; data: unknown }[], key: MessageKey, values?: MessageValues): string {
  return runtimeOf(pageCatalog())._(key, values);
}
