/**
 * The words a person reads, in their language (issue 30, item 1; decision 0306). Catalogs are
 * ICU MessageFormat JSON in app/locales, one file per language; the server compiles the
 * reader's catalog (catalogs.server.ts) and the root loader hands it down, so the server's
 * render and the browser's hydration read the same messages and only one language travels.
 * Lingui's runtime (about 4 KB) turns a compiled message and its values into text, with the
 * language's plural rules.
 */
import { setupI18n, type I18n } from "@lingui/core";
import { I18nProvider, useLingui } from "@lingui/react";
import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
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

export function TranslationProvider({
  language,
  messages,
  serverTexts,
  children,
}: {
  language: string;
  messages: CompiledCatalog;
  /** The server's English texts and their keys (texts.ts), for a reader of another language. */
  serverTexts?: readonly TextEntry[];
  children: ReactNode;
}) {
  const i18n = useMemo(() => createI18n(language, messages), [language, messages]);
  const matcher = useMemo(() => (serverTexts?.length ? textMatcher(serverTexts) : null), [serverTexts]);
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

const metaRuntimes = new WeakMap<CompiledCatalog, I18n>();

/** A page's `meta` (a title) in the reader's words, from the root's data among the matches. */
export function metaText(matches: readonly { id: string; data: unknown }[], key: MessageKey, values?: MessageValues): string {
  const root = matches.find((match) => match.id === "root")?.data as { language?: string; messages?: CompiledCatalog } | undefined;
  if (!root?.messages || !root.language) return key;
  let i18n = metaRuntimes.get(root.messages);
  if (!i18n) metaRuntimes.set(root.messages, (i18n = createI18n(root.language, root.messages)));
  return i18n._(key, values);
}
